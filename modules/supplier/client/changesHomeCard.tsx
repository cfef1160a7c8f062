// The information-changes card on the supplier home, loaded on demand (its own chunk).
import { lazy, Suspense } from 'react';

const ChangesHomePanel = lazy(() => import('./ChangesHomePanel'));

export function ChangesHomeCard() {
  return (
    <Suspense fallback={null}>
      <ChangesHomePanel />
    </Suspense>
  );
}
