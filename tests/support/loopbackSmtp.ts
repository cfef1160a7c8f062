// A real SMTP server on loopback (smtp-server) that keeps what it receives, for mail tests.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The text body, transfer-decoded (base64 or quoted-printable) as UTF-8. */
  text: string;
}

function decodeBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).toLowerCase();
  const body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*base64/.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** `port`: a fixed port (a test that stops the server and starts it again where the app sends); default any free one. `mails`: where to keep what arrives. */
export async function startLoopbackSmtp(port = 0, mails: ReceivedMail[] = []): Promise<{ port: number; mails: ReceivedMail[]; stop(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeBody(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { port: (server.server.address() as AddressInfo).port, mails, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
