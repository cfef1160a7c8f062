// What the last publish refused, element by element ({elementId, reason} in the user's language), for the
// modeler on screen to mark; cleared by a successful publish or another model.
export interface Problem {
  elementId: string;
  reason: string;
}

type Listener = (problems: readonly Problem[]) => void;

let current: { modelId: string; problems: readonly Problem[] } = { modelId: '', problems: [] };
const listeners = new Set<Listener>();

export function setProblems(modelId: string, problems: readonly Problem[]): void {
  current = { modelId, problems };
  for (const l of listeners) l(problems);
}

export function problemsOf(modelId: string): readonly Problem[] {
  return current.modelId === modelId ? current.problems : [];
}

export function onProblems(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
