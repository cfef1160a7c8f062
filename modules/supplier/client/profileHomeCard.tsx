// The profile card on the supplier home, loaded on demand (its own chunk).
import { lazy, Suspense } from 'react';

const ProfileHomePanel = lazy(() => import('./ProfileHomePanel'));

export function ProfileHomeCard() {
  return (
    <Suspense fallback={null}>
      <ProfileHomePanel />
    </Suspense>
  );
}
