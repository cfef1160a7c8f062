// Records whose files only their editors may delete (FilesApi.editorsOnly): by default the uploader may delete
// its own file wherever it sits (a supplier removing a quote file its quotation claimed through a module's own
// operation). A module whose record is changed only through its own decisions withdraws that right: a supplier's
// master and its registration, whose files come and go only through an approved change request, even the scans
// the supplier uploaded itself. Per running app, like the read shares.
import type { AppContext } from '../../../server/context.js';

const locked = new WeakMap<AppContext, Set<string>>();

/** Files of `functionId`'s records: deleted only by users who may edit the record. */
export function editorsOnly(app: AppContext, functionId: string): void {
  let set = locked.get(app);
  if (!set) locked.set(app, (set = new Set()));
  set.add(functionId);
}

export function isEditorsOnly(app: AppContext, functionId: string): boolean {
  return locked.get(app)?.has(functionId) ?? false;
}
