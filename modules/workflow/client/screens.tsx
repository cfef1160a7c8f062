// The workflow's screens as lazy chunks: the client part (index.ts) loads with the header on every screen,
// these load when a task list or an edit page first shows them.
import { lazy, Suspense } from 'react';
import type { CustomPageProps, EditAddonProps } from '../../../runtime/registry/types';

const Lists = () => import('./TaskLists');
const LazyTodo = lazy(() => Lists().then((m) => ({ default: m.TodoList })));
const LazyDone = lazy(() => Lists().then((m) => ({ default: m.DoneList })));
const LazyStarted = lazy(() => Lists().then((m) => ({ default: m.StartedList })));
const LazyPanel = lazy(() => import('./ProcessPanel').then((m) => ({ default: m.ProcessPanel })));
const LazyVersions = lazy(() => import('./ModelVersions').then((m) => ({ default: m.ModelVersions })));

export const TodoList = (p: CustomPageProps) => (
  <Suspense fallback={null}>
    <LazyTodo {...p} />
  </Suspense>
);
export const DoneList = (p: CustomPageProps) => (
  <Suspense fallback={null}>
    <LazyDone {...p} />
  </Suspense>
);
export const StartedList = (p: CustomPageProps) => (
  <Suspense fallback={null}>
    <LazyStarted {...p} />
  </Suspense>
);
export const ProcessPanel = (p: EditAddonProps) => (
  <Suspense fallback={null}>
    <LazyPanel {...p} />
  </Suspense>
);
// Only the model page loads the version list's chunk.
export const ModelVersions = (p: EditAddonProps) =>
  p.entity.name === 'bpmModel' ? (
    <Suspense fallback={null}>
      <LazyVersions {...p} />
    </Suspense>
  ) : null;
