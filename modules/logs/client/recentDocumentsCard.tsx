// The recent-documents card on the internal home, loaded on demand (its own chunk).
import { lazy, Suspense } from 'react';
import type { HomePanelProps } from '../../../runtime/registry/types';

const RecentDocumentsPanel = lazy(() => import('./RecentDocumentsPanel'));

export function RecentDocumentsCard(props: HomePanelProps) {
  return (
    <Suspense fallback={null}>
      <RecentDocumentsPanel {...props} />
    </Suspense>
  );
}
