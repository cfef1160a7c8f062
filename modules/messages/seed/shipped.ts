// The message templates modules ship (modules/{area}/messageTemplates.json, read by the platform's seed on
// every start): each written with its variables, texts, source and channels when its code is missing, so
// an administrator's edits survive an upgrade. A malformed file stops the start naming module and
// template: a template that would send blanks must not ship.
import type { Db } from '../../../server/db/connect.js';
import { auditInsert } from '../../../server/db/typed.js';
import type { MessageTemplateSeed } from '../../../server/modules/types.js';
import { msg } from '../server/store.js';
import { placeholders, VARIABLE_NAME, VARIABLE_TYPES } from '../server/templates.js';

const LANGUAGES = ['CN', 'EN', 'TH', 'VN'] as const;
const CODE = /^[A-Z][A-Z0-9_]{1,59}$/;

/** What is wrong with a shipped template, one line per problem. */
export function templateProblems(t: MessageTemplateSeed): string[] {
  const problems: string[] = [];
  if (!CODE.test(t.code ?? '')) problems.push(`code "${t.code}" is not capitals, digits and _`);
  if (!CODE.test(t.source?.code ?? '')) problems.push(`source code "${t.source?.code}" is not capitals, digits and _`);
  const declared = new Set<string>();
  for (const v of t.variables ?? []) {
    if (!VARIABLE_NAME.test(v.name) || !VARIABLE_TYPES.includes(v.type)) problems.push(`variable "${v.name}" (${v.type}) is not a valid name and type`);
    declared.add(v.name);
  }
  const channels = Object.entries(t.contents ?? {});
  if (channels.length === 0) problems.push('has no texts');
  for (const [channel, texts] of channels) {
    for (const lang of LANGUAGES) {
      const text = texts?.[lang];
      if (!text?.content) {
        problems.push(`${channel} has no ${lang} text`);
        continue;
      }
      for (const name of placeholders(`${text.subject ?? ''} ${text.content}`)) {
        if (!declared.has(name)) problems.push(`${channel} ${lang} uses the undeclared variable {{${name}}}`);
      }
    }
  }
  return problems;
}

export async function seedTemplates(db: Db, module: string, templates: readonly MessageTemplateSeed[]): Promise<void> {
  const problems = templates.flatMap((s) => templateProblems(s).map((p) => `modules/${module}/messageTemplates.json ${s.code}: ${p}`));
  if (problems.length) throw new Error(`Message templates cannot be shipped:\n  ${problems.join('\n  ')}`);
  const t = msg(db);
  const audit = auditInsert(0);
  for (const s of templates) {
    let templateId = (await t.selectFrom('msg_template').select('template_id').where('template_code', '=', s.code).executeTakeFirst())?.template_id;
    if (templateId === undefined) {
      templateId = (
        await t
          .insertInto('msg_template')
          .values({ template_code: s.code, template_name: s.name, description: s.description, enabled_flag: 'Y', ...audit })
          .returning('template_id')
          .executeTakeFirstOrThrow()
      ).template_id;
      const id = templateId;
      if (s.variables.length) {
        await t
          .insertInto('msg_template_variable')
          .values(
            s.variables.map((v) => ({
              template_id: id,
              variable_name: v.name,
              variable_type: v.type,
              required_flag: v.required ? ('Y' as const) : ('N' as const),
              description: v.description,
              ...audit,
            })),
          )
          .execute();
      }
      await t
        .insertInto('msg_template_content')
        .values(
          Object.entries(s.contents).flatMap(([channel, texts]) =>
            Object.entries(texts ?? {}).map(([language, { subject, content }]) => ({ template_id: id, channel, language, subject, content, ...audit })),
          ),
        )
        .execute();
    }
    await t
      .insertInto('msg_source')
      .values({
        source_code: s.source.code,
        source_name: s.source.name,
        module_name: module,
        event_name: s.source.event,
        template_id: templateId,
        enabled_flag: 'Y',
        optional_flag: s.source.optional ? 'Y' : 'N',
        ...audit,
      })
      .onConflict((oc) => oc.column('source_code').doNothing())
      .execute();
    if (s.channels) {
      await t
        .insertInto('msg_config')
        .values({
          template_id: templateId,
          site_flag: s.channels.site ? 'Y' : 'N',
          mail_flag: s.channels.mail ? 'Y' : 'N',
          sms_flag: s.channels.sms ? 'Y' : 'N',
          enabled_flag: 'Y',
          ...audit,
        })
        .onConflict((oc) => oc.column('template_id').doNothing())
        .execute();
    }
  }
}
