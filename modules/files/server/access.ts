// Who may see or delete a file (docs/files.md): its uploader, or a user who may see (delete: edit)
// the business record it belongs to — the family permission and the row rule, as findById applies them.
import { isFamily } from '../../../meta/definitions.js';
import type { AppContext } from '../../../server/context.js';
import type { Session } from '../../../server/auth/session.js';
import type { Language } from '../../../server/i18n/messages.js';
import { AppError, forbidden, refuse } from '../../../server/errors.js';
import { findRow } from '../../../server/rest/read.js';
import { SAVE_ACTIONS } from '../../../server/acl/bindings.js';
import type { FileRow } from './repo.js';
import { PendingEvents } from '../../../server/events/domainEvents.js';
import { sharedForReading } from './readShares.js';
import { isEditorsOnly } from './editorsOnly.js';

export type FileAction = 'findById' | 'saveOrUpdate';

/** May `session` run `action` on business record `businessId` of `functionId`? Remembers answers per request. */
export class RecordAccess {
  private readonly memo = new Map<string, Promise<boolean>>();

  constructor(
    private readonly app: AppContext,
    private readonly session: Session,
    private readonly lang: Language,
  ) {}

  record(functionId: string, businessId: number, action: FileAction): Promise<boolean> {
    const k = `${functionId}:${businessId}:${action}`;
    let p = this.memo.get(k);
    if (!p) {
      p = this.check(functionId, businessId, action);
      this.memo.set(k, p);
    }
    return p;
  }

  private async check(functionId: string, businessId: number, action: FileAction): Promise<boolean> {
    const entity = this.app.defs.entities.get(functionId);
    if (!entity || !isFamily(entity)) return false;
    // Editing a record is either save: an inline-edit list saves its rows with doBatchSaveOrUpdate only.
    const actions = action === 'saveOrUpdate' ? [...SAVE_ACTIONS] : [action];
    let allowed = false;
    for (const a of actions) allowed ||= await this.app.acl.allowed(this.session, entity.name, a);
    if (!allowed) return false;
    try {
      await findRow({ app: this.app, entity, session: this.session, lang: this.lang, body: {}, events: new PendingEvents() }, this.app.db, businessId);
      return true;
    } catch (err) {
      if (err instanceof AppError) return false;
      throw err;
    }
  }

  async canSee(f: FileRow): Promise<boolean> {
    if (f.created_by === this.session.userId) return true;
    if (!f.function_id || f.business_id === null) return false;
    if (await this.record(f.function_id, f.business_id, 'findById')) return true;
    // A module may share its record's files for reading with users who may not open the record (readShares.ts).
    return sharedForReading(this.app, this.session, f.function_id, f.business_id);
  }

  /**
   * The uploader, or whoever may edit the file's record. A record a module declared editors-only
   * (editorsOnly.ts) drops the uploader's own right once the file is the record's: a module may have moved it
   * onto a record its uploader may not change (a supplier's scan an approved change request put on its master).
   */
  async canDelete(f: FileRow): Promise<boolean> {
    const ofRecord = !!f.function_id && f.business_id !== null;
    if (f.created_by === this.session.userId && !(ofRecord && isEditorsOnly(this.app, f.function_id!))) return true;
    if (!ofRecord) return false;
    return this.record(f.function_id!, f.business_id!, 'saveOrUpdate');
  }

  /** Linking a new file to a record requires being allowed to edit that record. */
  async assertMayAttach(functionId: string, businessId: number): Promise<void> {
    const entity = this.app.defs.entities.get(functionId);
    if (!entity || !isFamily(entity)) throw refuse('file.unknownFunction', { functionId });
    if (!(await this.record(functionId, businessId, 'saveOrUpdate'))) throw forbidden('auth.forbidden');
  }
}
