import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/*
 * A real SMTP server for tests (smtp-server): STARTTLS with its built-in self-signed certificate,
 * login required, every arrived message kept raw. `rejectRecipient` answers RCPT TO with a reply
 * code (550: a bounce, 450: try later).
 */

export interface ArrivedMail {
  from: string;
  to: string[];
  raw: string;
  /** True when the session was upgraded with STARTTLS before the message came. */
  secure: boolean;
  user: string | null;
}

export interface SmtpCapture {
  port: number;
  arrived: ArrivedMail[];
  /** `smtp://user:pass@127.0.0.1:port` trusting the test certificate and requiring STARTTLS. */
  url(user?: string, password?: string): string;
  close(): Promise<void>;
}

export const SMTP_USER = 'krav';
export const SMTP_PASSWORD = 'hemligt-lösen';

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startSmtpCapture(options: { rejectRecipient?: (address: string) => number | null } = {}): Promise<SmtpCapture> {
  const arrived: ArrivedMail[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(smtpError('Invalid username or password', 535));
    },
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback) {
      const code = options.rejectRecipient?.(address.address) ?? null;
      if (code === null) callback();
      else callback(smtpError(code >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try again later', code));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        arrived.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: typeof session.user === 'string' ? session.user : null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    arrived,
    url: (user = SMTP_USER, password = SMTP_PASSWORD) =>
      `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}?requireTLS=true&tls.rejectUnauthorized=false`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
