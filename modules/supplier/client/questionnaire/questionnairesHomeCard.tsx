// The open-questionnaires card on the supplier home, loaded on demand (its own chunk).
import { lazy, Suspense } from 'react';
import type { HomePanelProps } from '../../../../runtime/registry/types';

const QuestionnairesHomePanel = lazy(() => import('./QuestionnairesHomePanel'));

export function QuestionnairesHomeCard(props: HomePanelProps) {
  return (
    <Suspense fallback={null}>
      <QuestionnairesHomePanel {...props} />
    </Suspense>
  );
}
