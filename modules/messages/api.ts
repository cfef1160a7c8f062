// What other modules may use of messaging (types only; reached through app.modules.api('messages')).
// A module sends a message by naming a template and giving its variables; who receives it comes from the
// call and from the template's configuration (msgCfg), the channels from the configuration (or the
// template's contents), the texts from the template in each recipient's language. The module never
// touches the messages tables.

export type MessageChannel = 'SITE' | 'MAIL' | 'SMS';

/** Someone to send to: a user by id or name, every active holder of a responsibility (by code), or the
 *  contacts of a supplier (its portal users who may sign in, by supplier id or number). */
export type MessageRecipient = { userId: number } | { userName: string } | { responsibility: string } | { supplierId: number } | { supplierNumber: string };

export interface SendMessage {
  /** A template of msgTempleCfg (enabled); unknown or disabled: refused. Absent: the template of the
   *  message source (msgSourceCfg) whose code is `sourceType`; a disabled source sends nothing. */
  templateCode?: string;
  /** Its variables by name: every required one, each of its declared type; an undeclared name is refused.
   *  A STRING variable may carry one text per language (`{CN, EN, TH, VN}`, any of them): each recipient's
   *  message shows the text of its own language, else CN's. */
  variables: Readonly<Record<string, string | number | null | Readonly<Partial<Record<'CN' | 'EN' | 'TH' | 'VN', string>>>>>;
  /** Besides those the template's configuration names. */
  recipients?: readonly MessageRecipient[];
  /** Who the configuration's OWNER, INITIATOR and SUPPLIER rules mean for this message (a document's owner, a
   *  process's initiator, the supplier whose contacts a SUPPLIER rule without a supplier number reaches). */
  context?: { ownerId?: number | null; initiatorId?: number | null; supplierId?: number | null };
  /** Where the message leads in the app (`/main/{page}?…`); opened from the inbox and the bell. */
  route?: string | null;
  /** What raised it (`WF_TASK_ASSIGNED`, `REMINDER`, …: capitals, digits, _): shown with the message, filterable. */
  sourceType: string;
  /** The language of recipients who chose none (and of the instance's title); default CN. */
  language?: 'CN' | 'EN' | 'TH' | 'VN';
  /** Every recipient gets the texts in `language`, whatever language they chose (an answer to a request
   *  made in that language, such as a forgotten-password code). */
  useMessageLanguage?: boolean;
  /** Only these channels (else the configuration's, else every channel the template has texts for). */
  channels?: readonly MessageChannel[];
  /** The user who sends it (audit); the system when absent. */
  senderId?: number;
}

export interface SentMessage {
  instanceId: number;
  /** QUEUED (e-mail or SMS still going out), SENT, FAILED, NO_RECIPIENT; DISABLED: its source is switched off (nothing written). */
  status: string;
  /** Recipients reached on at least one channel. */
  recipients: number;
  deliveries: number;
  /** Rules and recipients that resolved to nobody, in the message's language (also kept on the instance). */
  unresolved: string[];
}

export interface MessagesApi {
  /**
   * Writes the message (instance, a delivery per recipient and channel) in its own transaction, pushes the
   * in-app ones to the recipients' open browsers and starts the e-mail and SMS deliveries; failures are
   * retried later (never lost). Call it after your own transaction committed (a subscriber, after a
   * write): PGlite has one connection. Refuses (AppError, in the caller's language when it reaches a
   * reply) an unknown template, a bad variable or a route outside the app.
   */
  send(message: SendMessage): Promise<SentMessage>;
}
