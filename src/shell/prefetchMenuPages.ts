// Once the shell shows its menus and the browser is idle, the definitions of the pages those menus open
// (with the modules their entities live in) are loaded, so the first click on a menu waits only for the
// page's data, not for a chain of definition chunks (issue 18 item 2: login → first list with rows).
import { useEffect } from 'react';
import { loadPageDefinitions, peekPageDefinitions } from '../app/definitions';
import { MENU_PAGES_PREFETCHED } from '../app/performanceMarks';
import { flattenPages, type MenuNode } from './menus';
import { pageNameOf } from './tabs/tabRules';

/** The definition pages a menu tree opens (shell pages and other apps are skipped by the loader itself). */
export function menuPageNames(menus: readonly MenuNode[]): string[] {
  const names = new Set<string>();
  for (const menu of flattenPages(menus)) {
    const url = menu.htmlUrl ?? '';
    if (url.startsWith('/main/')) names.add(pageNameOf(new URL(url, 'http://menu.invalid').pathname));
  }
  return [...names];
}

export function usePrefetchMenuPages(menus: readonly MenuNode[]): void {
  useEffect(() => {
    if (!menus.length) return;
    let cancelled = false;
    const start = () => {
      // One page after another, each in its own idle slice, so a click meanwhile is never held up.
      const queue = menuPageNames(menus);
      const next = (): void => {
        // Pages whose modules an earlier page brought in need no slice of their own.
        while (queue.length && peekPageDefinitions(queue[0]) !== undefined) queue.shift();
        const name = queue.shift();
        if (cancelled) return;
        if (!name) {
          performance.mark?.(MENU_PAGES_PREFETCHED);
          return;
        }
        // A failed chunk is harmless here: opening the page loads (and reports) it again.
        void loadPageDefinitions(name)
          .catch(() => undefined)
          .then(() => schedule(next));
      };
      next();
    };
    const schedule = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 200));
    schedule(start);
    return () => {
      cancelled = true;
    };
  }, [menus]);
}
