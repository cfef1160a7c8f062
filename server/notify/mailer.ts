// Outgoing mail through nodemailer to the SMTP server named by SMTP_* (server/config.ts); each
// message leaves a tripartite-log row whether it was accepted or not.
import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpConfig } from '../config.js';
import type { Db } from '../db/connect.js';
import { withTripartiteLog } from '../logs/tripartite.js';
import type { CallLogs } from '../modules/services.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML body (already sanitised by the caller); `text` then goes as its plain-text alternative. */
  html?: string;
}

export interface Mailer {
  send(mail: Mail, userName?: string | null): Promise<void>;
}

export function smtpMailer(db: Db, config: SmtpConfig, logs: CallLogs | undefined): Mailer {
  let transport: Transporter | null = null;
  const open = (): Transporter => {
    if (!config.host) throw new Error('SMTP_HOST is not configured');
    transport ??= nodemailer.createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure,
      auth: config.user ? { user: config.user, pass: config.pass ?? '' } : undefined,
      connectionTimeout: config.timeoutMs,
      greetingTimeout: config.timeoutMs,
      socketTimeout: 2 * config.timeoutMs,
    });
    return transport;
  };
  return {
    async send(mail, userName) {
      await withTripartiteLog(logs, db, { channel: 'MAIL', target: mail.to, subject: mail.subject, userName }, async () => {
        await open().sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) });
      });
    },
  };
}
