// The designer's three screens live in the address: /designer (list), /designer/edit?name=…, /designer/new.
import { useEffect, useState } from 'react';

export type DesignerRoute = { screen: 'list' } | { screen: 'edit'; name: string } | { screen: 'new' };

export function parseRoute(pathname: string, search: string): DesignerRoute {
  const rest = pathname.replace(/^\/designer\/?/, '');
  const params = new URLSearchParams(search);
  if (rest === 'edit' && params.get('name')) return { screen: 'edit', name: params.get('name')! };
  if (rest === 'new') return { screen: 'new' };
  return { screen: 'list' };
}

export function routeUrl(route: DesignerRoute): string {
  if (route.screen === 'edit') return `/designer/edit?name=${encodeURIComponent(route.name)}`;
  if (route.screen === 'new') return '/designer/new';
  return '/designer';
}

const listeners = new Set<() => void>();

export function go(route: DesignerRoute): void {
  window.history.pushState(null, '', routeUrl(route));
  listeners.forEach((l) => l());
}

export function useRoute(): DesignerRoute {
  const read = () => parseRoute(window.location.pathname, window.location.search);
  const [route, setRoute] = useState<DesignerRoute>(read);
  useEffect(() => {
    const update = () => setRoute(read());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return route;
}
