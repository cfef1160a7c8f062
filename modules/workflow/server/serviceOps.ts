// The service operations modules registered for service tasks (WorkflowApi.registerServiceOperation), per
// running server (tests start several in one process). The modeler lists them (GET serviceOperations),
// publishing checks a service task's operation and parameters against them, the engine runs them.
import type { AppContext } from '../../../server/context.js';
import type { ServiceOperation } from '../api.js';

const registries = new WeakMap<AppContext, Map<string, ServiceOperation>>();

function registry(app: AppContext): Map<string, ServiceOperation> {
  let found = registries.get(app);
  if (!found) registries.set(app, (found = new Map()));
  return found;
}

export function registerServiceOperation(app: AppContext, op: ServiceOperation): void {
  if (!/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/.test(op.name)) throw new Error(`service operation ${op.name}: name is module.operation`);
  if (registry(app).has(op.name)) throw new Error(`service operation ${op.name} is registered twice`);
  registry(app).set(op.name, op);
}

export function serviceOperation(app: AppContext, name: string): ServiceOperation | undefined {
  return registry(app).get(name);
}

export function serviceOperations(app: AppContext): ServiceOperation[] {
  return [...registry(app).values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The parameters a service task gives (srm:params, a JSON object), checked against the operation's schema;
 *  answers the values or the problem's message key and params. */
export function checkParams(
  op: ServiceOperation,
  text: string | undefined,
): { values: Record<string, unknown> } | { problem: string; params: Record<string, string> } {
  let values: unknown = {};
  try {
    if (text) values = JSON.parse(text);
  } catch {
    return { problem: 'bpm.model.serviceParamsJson', params: {} };
  }
  if (!values || typeof values !== 'object' || Array.isArray(values)) return { problem: 'bpm.model.serviceParamsJson', params: {} };
  const given = values as Record<string, unknown>;
  for (const name of Object.keys(given)) if (!op.params[name]) return { problem: 'bpm.model.serviceParamUnknown', params: { name } };
  for (const [name, p] of Object.entries(op.params)) {
    const v = given[name];
    if (v === undefined || v === null || v === '') {
      if (p.required) return { problem: 'bpm.model.serviceParamRequired', params: { name } };
      continue;
    }
    if (typeof v !== p.type || (p.type === 'number' && !Number.isFinite(v))) return { problem: 'bpm.model.serviceParamType', params: { name, type: p.type } };
  }
  return { values: given };
}
