// The inquiries-to-quote card on the supplier home, loaded on demand (its own chunk).
import { lazy, Suspense } from 'react';
import type { HomePanelProps } from '../../../runtime/registry/types';

const BidsHomePanel = lazy(() => import('./BidsHomePanel'));

export function BidsHomeCard(props: HomePanelProps) {
  return (
    <Suspense fallback={null}>
      <BidsHomePanel {...props} />
    </Suspense>
  );
}
