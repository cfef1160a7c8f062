// Who a message reaches: the users the call names, plus the template configuration's rules (users,
// responsibilities, the document's owner, the process's initiator, a supplier's contacts: asked of the
// supplier module through its public API, SupplierApi). Every rule or named recipient that
// resolves to nobody is reported in the message's language and kept on the instance, never dropped.
import type { Db } from '../../../server/db/connect.js';
import { message, type Language } from '../../../server/i18n/messages.js';
import type { AdminApi, UserContact } from '../../admin/api.js';
import type { SupplierApi } from '../../supplier/api.js';
import type { MessageRecipient, SendMessage } from '../api.js';

export interface RecipientRule {
  type: string;
  value: string | null;
}

export interface Resolved {
  users: UserContact[];
  unresolved: string[];
}

export async function resolveRecipients(
  db: Db,
  admin: AdminApi,
  supplier: SupplierApi | null,
  lang: Language,
  named: readonly MessageRecipient[],
  rules: readonly RecipientRule[],
  context: SendMessage['context'],
): Promise<Resolved> {
  const unresolved: string[] = [];
  const ids = new Set<number>();
  /** Users asked for by id: each must exist and be able to sign in. */
  const byId = new Map<number, string>();

  // Every user name of the call and the rules in one query (a reminder may name many).
  const names = [
    ...named.flatMap((r) => ('userName' in r ? [r.userName] : [])),
    ...rules.flatMap((r) => (r.type === 'USER' && r.value?.trim() ? [r.value.trim()] : [])),
  ];
  const users = new Map((names.length ? await admin.usersByName(db, [...new Set(names)]) : []).map((u) => [u.userName, u]));
  const byName = (name: string, what: string) => {
    const u = users.get(name);
    if (u?.active) ids.add(u.userId);
    else unresolved.push(message(lang, u ? 'msg.rule.inactiveUser' : 'msg.rule.unknownUser', { what, name }));
  };
  const byResponsibility = async (code: string, what: string) => {
    const holders = await admin.usersWithResponsibility(db, [code]);
    if (holders.length === 0) unresolved.push(message(lang, 'msg.rule.nobodyHolds', { what, code }));
    for (const u of holders) ids.add(u.userId);
  };

  /** A supplier's contacts; a supplier unknown, without contacts, or no supplier module: reported. */
  const bySupplier = async (ref: { supplierId: number } | { supplierNumber: string }, what: string) => {
    const name = 'supplierId' in ref ? `#${ref.supplierId}` : ref.supplierNumber;
    const found = supplier ? await supplier.supplierContacts(db, ref) : null;
    if (!found) unresolved.push(message(lang, 'msg.rule.unknownSupplier', { what, supplier: name }));
    else if (found.userIds.length === 0)
      unresolved.push(message(lang, 'msg.rule.noContacts', { what, supplier: `${found.supplierNumber} ${found.supplierName}` }));
    else for (const id of found.userIds) ids.add(id);
  };

  for (const r of named) {
    if ('userId' in r) byId.set(r.userId, message(lang, 'msg.rule.named'));
    else if ('userName' in r) byName(r.userName, message(lang, 'msg.rule.named'));
    else if ('responsibility' in r) await byResponsibility(r.responsibility, message(lang, 'msg.rule.named'));
    else if ('supplierId' in r || 'supplierNumber' in r) await bySupplier(r, message(lang, 'msg.rule.named'));
  }
  for (const rule of rules) {
    const what = message(lang, `msg.rule.${rule.type}`);
    const value = rule.value?.trim() ?? '';
    if (rule.type === 'USER') byName(value, what);
    else if (rule.type === 'RESPONSIBILITY') await byResponsibility(value, what);
    else if (rule.type === 'OWNER' || rule.type === 'INITIATOR') {
      const id = rule.type === 'OWNER' ? context?.ownerId : context?.initiatorId;
      if (typeof id === 'number' && id > 0) byId.set(id, what);
      else unresolved.push(message(lang, 'msg.rule.noContext', { what }));
    } else if (rule.type === 'SUPPLIER') {
      // A supplier number on the rule, else the supplier the message is about.
      const id = context?.supplierId;
      if (value) await bySupplier({ supplierNumber: value }, what);
      else if (typeof id === 'number' && id > 0) await bySupplier({ supplierId: id }, what);
      else unresolved.push(message(lang, 'msg.rule.noContext', { what }));
    }
  }

  const wanted = [...new Set([...ids, ...byId.keys()])];
  const contacts = await admin.contacts(db, wanted);
  const found = new Map(contacts.map((c) => [c.userId, c]));
  for (const [id, what] of byId) {
    const c = found.get(id);
    if (!c) unresolved.push(message(lang, 'msg.rule.unknownUserId', { what, id }));
    else if (!c.active) unresolved.push(message(lang, 'msg.rule.inactiveUser', { what, name: c.userName }));
  }
  return { users: contacts.filter((c) => c.active), unresolved };
}
