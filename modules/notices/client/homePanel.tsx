// The home card, loaded on demand (its own chunk): registering the module does not pull in Arco lists.
import { lazy, Suspense } from 'react';

const NoticePanel = lazy(() => import('./NoticePanel'));

export function NoticeHomePanel() {
  return (
    <Suspense fallback={null}>
      <NoticePanel />
    </Suspense>
  );
}
