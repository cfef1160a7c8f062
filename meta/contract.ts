// The fixed endpoints modules declare (modules/{area}/contract.json, meta schema srm:meta/contract):
// the calls of the wire contract that are not generic family actions (files, lookup values, the
// designer's services, the shell's user and menu calls). The platform describes them (OpenAPI, the typed
// shell client) by iterating what the modules declared, and names no module's family itself.
import type { Definitions } from './definitions.js';
import type { Schema } from './familySchemas.js';
import type { ContractEndpoint, ContractShellOperation, ModuleContract } from './generated/definitions.js';

export type { ContractEndpoint };
/** A shell endpoint: client method name, `{area}/v1/{family}/{action}` path, request and answer (`data`) schemas. */
export type ShellOperation = ContractShellOperation;

/** What every module declared, in module order (folder names, sorted), each module's in its file's order. */
export interface Contract {
  endpoints: (ContractEndpoint & { module: string })[];
  shellSchemas: Record<string, Schema>;
  shellOperations: (ShellOperation & { module: string })[];
}

export const EMPTY_CONTRACT: Contract = { endpoints: [], shellSchemas: {}, shellOperations: [] };

/** Merges the modules' declarations; a path (per method), schema name, operation name or path declared twice is a problem. */
export function mergeContracts(declared: readonly { module: string; file: string; contract: ModuleContract }[]): { contract: Contract; problems: string[] } {
  const contract: Contract = { endpoints: [], shellSchemas: {}, shellOperations: [] };
  const problems: string[] = [];
  const owner = new Map<string, string>();
  const claim = (key: string, what: string, file: string) => {
    const other = owner.get(key);
    if (other) problems.push(`${file}: ${what} is also declared in ${other}`);
    else owner.set(key, file);
    return !other;
  };
  for (const { module, file, contract: c } of declared) {
    for (const e of c.endpoints ?? []) {
      if (claim(`endpoint ${(e.method ?? 'post').toUpperCase()} ${e.path}`, `endpoint ${(e.method ?? 'post').toUpperCase()} ${e.path}`, file))
        contract.endpoints.push({ ...e, module });
    }
    for (const [name, schema] of Object.entries(c.shellSchemas ?? {})) {
      if (schema && claim(`schema ${name}`, `shell schema ${name}`, file)) contract.shellSchemas[name] = schema;
    }
    for (const o of c.shellOperations ?? []) {
      const fresh = claim(`operation ${o.name}`, `shell operation ${o.name}`, file);
      if (claim(`endpoint POST /api/${o.path}`, `endpoint POST /api/${o.path}`, file) && fresh) contract.shellOperations.push({ ...o, module });
    }
  }
  return { contract, problems };
}

export function contractOf(defs: Definitions): Contract {
  return defs.contract ?? EMPTY_CONTRACT;
}
