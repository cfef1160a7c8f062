// Read shares (FilesApi.shareRead): a module lets users who may not open one of its records still read that
// record's files — a supplier the certificate scans of its own approved registration, which its portal shows
// but whose review screen it may never open. Reading only: attaching and deleting still need the record's
// edit right (access.ts). The module decides per record and session; shares live per running app.
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import type { Session } from '../../../server/auth/session.js';

/** May `session` read the files of record `businessId`? */
export type ReadShare = (db: Db, session: Session, businessId: number) => Promise<boolean>;

const shares = new WeakMap<AppContext, Map<string, ReadShare>>();

/** Registers (or replaces) the share of `functionId`'s records. */
export function shareRead(app: AppContext, functionId: string, share: ReadShare): void {
  let byFunction = shares.get(app);
  if (!byFunction) shares.set(app, (byFunction = new Map()));
  byFunction.set(functionId, share);
}

/** Does a share let `session` read the files of `functionId`'s record `businessId`? */
export async function sharedForReading(app: AppContext, session: Session, functionId: string, businessId: number): Promise<boolean> {
  const share = shares.get(app)?.get(functionId);
  return share ? share(app.db, session, businessId) : false;
}
