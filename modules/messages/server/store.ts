// The module's tables, typed (generated/tables.ts), and the shapes its code passes around.
import type { Kysely } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { MessagesTables } from '../generated/tables.js';
import { VARIABLE_TYPES, type TemplateVariable, type VariableType } from './templates.js';

export type Tables = Kysely<MessagesTables>;
export const msg = (db: Db): Tables => typed<MessagesTables>(db);

export type Channel = 'SITE' | 'MAIL' | 'SMS';
export const CHANNELS: readonly Channel[] = ['SITE', 'MAIL', 'SMS'];
export const isChannel = (v: unknown): v is Channel => typeof v === 'string' && (CHANNELS as readonly string[]).includes(v);

/** A delivery's life: SITE rows are SENT when written; MAIL and SMS go PENDING → SENDING → SENT, or RETRY
 *  (after a failed attempt, until `nextAttemptAt`) → … → FAILED after the last attempt; LOGGED: the SMS
 *  provider only wrote the log; SKIPPED: not sent at all (no address, SMTP not configured). */
export type DeliveryStatus = 'PENDING' | 'SENDING' | 'SENT' | 'RETRY' | 'FAILED' | 'LOGGED' | 'SKIPPED';
export type InstanceStatus = 'QUEUED' | 'SENT' | 'FAILED' | 'NO_RECIPIENT';

/** The instance's state from its deliveries' states. */
export function instanceStatus(statuses: Iterable<string>): InstanceStatus {
  let any = false;
  let failed = false;
  for (const s of statuses) {
    any = true;
    if (s === 'PENDING' || s === 'SENDING' || s === 'RETRY') return 'QUEUED';
    if (s === 'FAILED' || s === 'SKIPPED') failed = true;
  }
  if (!any) return 'NO_RECIPIENT';
  return failed ? 'FAILED' : 'SENT';
}

export interface TemplateContent {
  channel: Channel;
  language: string;
  subject: string | null;
  content: string;
}

export interface LoadedTemplate {
  templateId: number;
  templateCode: string;
  enabled: boolean;
  variables: TemplateVariable[];
  contents: TemplateContent[];
}

const variableType = (t: string): VariableType => ((VARIABLE_TYPES as readonly string[]).includes(t) ? (t as VariableType) : 'STRING');

export async function loadTemplate(db: Tables, where: { id: number } | { code: string }): Promise<LoadedTemplate | null> {
  const t = await db
    .selectFrom('msg_template')
    .select(['template_id', 'template_code', 'enabled_flag'])
    .$call((q) => ('id' in where ? q.where('template_id', '=', where.id) : q.where('template_code', '=', where.code)))
    .executeTakeFirst();
  if (!t) return null;
  const [variables, contents] = await Promise.all([
    db
      .selectFrom('msg_template_variable')
      .select(['variable_name', 'variable_type', 'required_flag'])
      .where('template_id', '=', t.template_id)
      .orderBy('variable_id')
      .execute(),
    db
      .selectFrom('msg_template_content')
      .select(['content_id', 'channel', 'language', 'subject', 'content'])
      .where('template_id', '=', t.template_id)
      .orderBy('content_id')
      .execute(),
  ]);
  return {
    templateId: t.template_id,
    templateCode: t.template_code,
    enabled: t.enabled_flag !== 'N',
    variables: variables.map((v) => ({ name: v.variable_name, type: variableType(v.variable_type), required: v.required_flag !== 'N' })),
    contents: contents
      .filter((c) => isChannel(c.channel))
      .map((c) => ({ channel: c.channel as Channel, language: c.language, subject: c.subject, content: c.content })),
  };
}
