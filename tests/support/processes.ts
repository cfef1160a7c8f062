// For tests of a document's own transitions (doApproval, doReject called directly): the workflow module binds
// some entities to processes in the demo data (requisitions to PR_APPROVAL), and while a process runs those
// transitions are the process's alone. Such tests switch the entity's bindings off on their own test server.
import { expect } from 'vitest';
import { signIn, type Rec } from './apiHelpers.js';

const BINDING = 'bpmServer/v1/bpmBindingRestful';

/** Switches the entity's enabled bindings off; the answer switches them on again (a shared server's test
 *  puts back what it changed). */
export async function unbindProcesses(url: string, entityName: string): Promise<() => Promise<void>> {
  const admin = await signIn(url, 'admin');
  const set = async (enabledFlag: 'Y' | 'N', ids: unknown[]) => {
    const bindings = await admin.call<Rec[]>(`${BINDING}/listByPage`, { params: { entityName }, pageRows: 100 });
    expect(bindings.status, bindings.msg).toBe('S');
    const changed = bindings.data.filter((b) => b.enabledFlag !== enabledFlag && (enabledFlag === 'N' || ids.includes(b.bindingId)));
    for (const b of changed) {
      const saved = await admin.call(`${BINDING}/saveOrUpdate`, { ...b, enabledFlag });
      expect(saved.status, saved.msg).toBe('S');
    }
    return changed.map((b) => b.bindingId);
  };
  const off = await set('N', []);
  return async () => {
    await set('Y', off);
  };
}
