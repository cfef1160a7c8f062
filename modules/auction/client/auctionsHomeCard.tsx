// The auctions card on the supplier home, loaded on demand (its own chunk).
import { lazy, Suspense } from 'react';
import type { HomePanelProps } from '../../../runtime/registry/types';

const AuctionsHomePanel = lazy(() => import('./AuctionsHomePanel'));

export function AuctionsHomeCard(props: HomePanelProps) {
  return (
    <Suspense fallback={null}>
      <AuctionsHomePanel {...props} />
    </Suspense>
  );
}
