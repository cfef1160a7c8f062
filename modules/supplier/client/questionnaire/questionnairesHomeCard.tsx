// The open-questionnaires card on the supplier home, loaded on demand (its own chunk).
import { lazy, Suspense } from 'react';

const QuestionnairesHomePanel = lazy(() => import('./QuestionnairesHomePanel'));

export function QuestionnairesHomeCard() {
  return (
    <Suspense fallback={null}>
      <QuestionnairesHomePanel />
    </Suspense>
  );
}
