// Save rules of templates and configurations (inside the save's transaction: a refusal undoes it).
// A template's texts are sanitised and every placeholder must name a declared variable, so a typo is
// refused on save instead of going out as a blank; a configuration's USER and RESPONSIBILITY rules must
// name a user or responsibility that exists (whether it still reaches anyone is reported per message).
import { auditUpdate } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { EntityRules } from '../../../server/modules/types.js';
import type { AdminApi } from '../../admin/api.js';
import type { SupplierApi } from '../../supplier/api.js';
import { isChannel, msg } from './store.js';
import { placeholders, sanitizeText, VARIABLE_NAME, VARIABLE_TYPES } from './templates.js';

const LANGUAGES = ['CN', 'EN', 'TH', 'VN'];

export const templateRules: EntityRules = {
  async afterLines(ctx, db, id) {
    const t = msg(db);
    const variables = await t.selectFrom('msg_template_variable').select(['variable_name', 'variable_type']).where('template_id', '=', id).execute();
    const names = new Set<string>();
    for (const v of variables) {
      if (!VARIABLE_NAME.test(v.variable_name)) throw refuse('msg.badVariableName', { name: v.variable_name.slice(0, 60) });
      if (names.has(v.variable_name)) throw refuse('msg.duplicateVariable', { name: v.variable_name });
      if (!(VARIABLE_TYPES as readonly string[]).includes(v.variable_type))
        throw refuse('msg.badVariableType', { name: v.variable_name, type: v.variable_type });
      names.add(v.variable_name);
    }
    const declared = [...names].join(', ') || '-';
    const contents = await t
      .selectFrom('msg_template_content')
      .select(['content_id', 'channel', 'language', 'subject', 'content'])
      .where('template_id', '=', id)
      .orderBy('content_id')
      .execute();
    const seen = new Set<string>();
    for (const c of contents) {
      if (!isChannel(c.channel)) throw refuse('msg.badChannel', { channel: c.channel });
      if (!LANGUAGES.includes(c.language)) throw refuse('msg.badLanguage', { language: c.language });
      const key = `${c.channel}:${c.language}`;
      if (seen.has(key)) throw refuse('msg.duplicateContent', { channel: c.channel, language: c.language });
      seen.add(key);
      const subject = c.subject === null ? null : sanitizeText(c.subject).trim() || null;
      const content = sanitizeText(c.content).trim();
      if (!content) throw refuse('msg.emptyContent', { channel: c.channel, language: c.language });
      if (c.channel !== 'SMS' && !subject) throw refuse('msg.subjectRequired', { channel: c.channel, language: c.language });
      for (const name of [...placeholders(subject ?? ''), ...placeholders(content)]) {
        if (!names.has(name))
          throw refuse('msg.unknownVariable', { placeholder: `{{${name.slice(0, 60)}}}`, channel: c.channel, language: c.language, declared });
      }
      if (subject !== c.subject || content !== c.content) {
        await t
          .updateTable('msg_template_content')
          .set({ subject, content, ...auditUpdate(ctx.session.userId) })
          .where('content_id', '=', c.content_id)
          .execute();
      }
    }
  },
};

export const configRules: EntityRules = {
  async afterLines(ctx, db, id) {
    const rules = await msg(db).selectFrom('msg_config_recipient').select(['recipient_type', 'recipient_value']).where('config_id', '=', id).execute();
    const admin = ctx.app.modules.api<AdminApi>('admin');
    for (const r of rules) {
      const value = r.recipient_value?.trim() ?? '';
      if (r.recipient_type === 'USER' || r.recipient_type === 'RESPONSIBILITY') {
        if (!value) throw refuse('msg.ruleNeedsValue', { type: r.recipient_type });
        const known =
          r.recipient_type === 'USER' ? (await admin.usersByName(db, [value])).length > 0 : (await admin.knownResponsibilities(db, [value])).length > 0;
        if (!known) throw refuse(r.recipient_type === 'USER' ? 'msg.unknownUser' : 'msg.unknownResponsibility', { value: value.slice(0, 100) });
      } else if (r.recipient_type === 'SUPPLIER') {
        // Empty: the supplier the message is about (its context); else a supplier number that exists.
        if (value && !(await ctx.app.modules.api<SupplierApi>('supplier').supplierContacts(db, { supplierNumber: value })))
          throw refuse('msg.unknownSupplier', { value: value.slice(0, 100) });
      } else if (r.recipient_type !== 'OWNER' && r.recipient_type !== 'INITIATOR') {
        throw refuse('msg.badRecipientType', { type: r.recipient_type });
      }
    }
  },
};
