// The open-orders card on the supplier home, loaded on demand (its own chunk).
import { lazy, Suspense } from 'react';
import type { HomePanelProps } from '../../../runtime/registry/types';

const OrdersHomePanel = lazy(() => import('./OrdersHomePanel'));

export function OrdersHomeCard(props: HomePanelProps) {
  return (
    <Suspense fallback={null}>
      <OrdersHomePanel {...props} />
    </Suspense>
  );
}
