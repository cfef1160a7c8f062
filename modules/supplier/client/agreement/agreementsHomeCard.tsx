// The agreements-to-sign card on the supplier home, loaded on demand (its own chunk).
import { lazy, Suspense } from 'react';

const AgreementsHomePanel = lazy(() => import('./AgreementsHomePanel'));

export function AgreementsHomeCard() {
  return (
    <Suspense fallback={null}>
      <AgreementsHomePanel />
    </Suspense>
  );
}
