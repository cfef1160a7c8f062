// The agreements-to-sign card on the supplier home, loaded on demand (its own chunk).
import { lazy, Suspense } from 'react';
import type { HomePanelProps } from '../../../../runtime/registry/types';

const AgreementsHomePanel = lazy(() => import('./AgreementsHomePanel'));

export function AgreementsHomeCard(props: HomePanelProps) {
  return (
    <Suspense fallback={null}>
      <AgreementsHomePanel {...props} />
    </Suspense>
  );
}
