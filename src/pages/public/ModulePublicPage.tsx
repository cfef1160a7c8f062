// A public address whose page a module owns (`publicPages` of a module's client part, e.g. the supplier
// registration): the shell knows the path, not the module. An address no module claims is not found.
import { Spin } from '@arco-design/web-react';
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { loadClientModules } from '../../app/clientServices';
import { NotFoundPage } from '../misc/NotFound';

type Found = { page: ComponentType } | 'none' | undefined;

export function ModulePublicPage() {
  const { pathname } = useLocation();
  const [found, setFound] = useState<Found>(undefined);
  useEffect(() => {
    let alive = true;
    loadClientModules().then(
      (clients) => {
        const page = clients.map((c) => c.publicPages?.[pathname]).find((p) => p !== undefined);
        if (alive) setFound(page ? { page } : 'none');
      },
      () => alive && setFound('none'),
    );
    return () => {
      alive = false;
    };
  }, [pathname]);
  if (found === undefined) return <Spin style={{ display: 'block', marginTop: 120 }} />;
  if (found === 'none') return <NotFoundPage />;
  const Page = found.page;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', marginTop: 120 }} />}>
      <Page />
    </Suspense>
  );
}
