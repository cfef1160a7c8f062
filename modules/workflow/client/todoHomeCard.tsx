// The to-do card on the homes, loaded on demand (its own chunk), like the notices card.
import { lazy, Suspense } from 'react';

const TodoHomePanel = lazy(() => import('./TodoHomePanel'));

export function TodoHomeCard() {
  return (
    <Suspense fallback={null}>
      <TodoHomePanel />
    </Suspense>
  );
}
