import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the loopback SMTP server received it, decoded enough to read codes and links. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  /** SMTP_URL pointing at this server. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or future) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The server goes away: connections to its port are refused until `resume`. */
  stop(): Promise<void>;
  /** A server listens on the same port again (same message list). */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** Recipients this server refuses for good (550), for the permanent-refusal path. */
export const REFUSED_RECIPIENT = /^refused[^@]*@/;

/**
 * A real SMTP server on loopback (smtp-server), no TLS or auth, keeping every message it receives. It
 * refuses recipients matching `REFUSED_RECIPIENT` with a 550, and can be stopped and resumed on its port.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  const listen = async (port: number) => {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!REFUSED_RECIPIENT.test(address.address)) return callback();
        const refusal = new Error('Mailbox unavailable') as Error & { responseCode: number };
        refusal.responseCode = 550;
        callback(refusal);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail = parseMail(
            raw,
            session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            session.envelope.rcptTo.map((r) => r.address),
          );
          messages.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  let server: SMTPServer | undefined = await listen(0);
  const { port } = server.server.address() as AddressInfo;
  const stop = async () => {
    const closing = server;
    server = undefined;
    await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 5000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching e-mail arrived')), timeoutMs);
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    stop,
    async resume() {
      server ??= await listen(port);
    },
    close: stop,
  };
}

/** Just enough MIME: headers, multipart/alternative, quoted-printable and base64 parts. */
function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const subject = decodeHeader(headers.subject ?? '');
  const parts: { type: string; content: string }[] = [];
  collectParts(headers, body, parts);
  const text = parts.find((part) => part.type.startsWith('text/plain'))?.content ?? '';
  const html = parts.find((part) => part.type.startsWith('text/html'))?.content ?? '';
  return { from, to, subject, text, html, raw };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index < 0 ? raw : raw.slice(0, index);
  const body = index < 0 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectParts(
  headers: Record<string, string>,
  body: string,
  out: { type: string; content: string }[],
): void {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break;
      const part = splitHeaders(section.replace(/^\r?\n/, ''));
      collectParts(part.headers, part.body, out);
    }
    return;
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const content =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
              String.fromCharCode(Number.parseInt(hex, 16)),
            ),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  out.push({ type, content });
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
