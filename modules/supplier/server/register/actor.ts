// Who acts for the public registrant inside the platform: a transition and a workflow instance need a
// user (the initiator of the review process, the audit columns). The registrant has no account, so the
// calls run as the user SRM_REGISTER_ACTOR names (default `admin`), marked internal.
import type { AppContext } from '../../../../server/context.js';
import { PendingEvents } from '../../../../server/events/domainEvents.js';
import type { Language } from '../../../../server/i18n/messages.js';
import type { InternalActor } from '../../../../server/rest/runTransition.js';
import type { AdminApi } from '../../../admin/api.js';

export async function registrantActor(app: AppContext, lang: Language): Promise<InternalActor> {
  const name = process.env.SRM_REGISTER_ACTOR ?? 'admin';
  const [user] = await app.modules.api<AdminApi>('admin').usersByName(app.db, [name]);
  if (!user) throw new Error(`SRM_REGISTER_ACTOR: no user ${name}`);
  return {
    session: {
      authorizationCode: '',
      signKey: '',
      userId: user.userId,
      userName: user.userName,
      userType: 'INTERNAL',
      supplierId: null,
      createdAt: Date.now(),
    },
    lang,
    events: new PendingEvents(),
  };
}
