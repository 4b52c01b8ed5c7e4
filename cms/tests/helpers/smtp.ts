import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { waitFor } from './wait-for';

/** One message as the test SMTP server received it (parsed by mailparser). */
export interface ReceivedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  from: string;
  /** The message's headers, lower-cased names, as text (List-Unsubscribe, List-Unsubscribe-Post...). */
  headers: Record<string, string>;
  /** Files sent with the message (filename, type and bytes). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function addressText(value: ParsedMail['to'] | ParsedMail['from']): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((v) => v.text).join(', ');
}

/**
 * A real SMTP server inside the test process (no TLS, no authentication), keeping every message it receives.
 * `stop()` closes it (the shop's sends then fail with a connection error) and `start()` opens it again on the same port.
 */
export class TestSmtp {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;

  constructor(public port = 0) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, done) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push({
              to: addressText(mail.to),
              from: addressText(mail.from),
              subject: mail.subject ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              text: mail.text ?? '',
              headers: Object.fromEntries(mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])),
              attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
            });
            done();
          })
          .catch((err: Error) => done(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages received so far that match, waiting (up to `timeoutMs`) until there are at least `count`. */
  async waitFor(match: (mail: ReceivedMail) => boolean, count = 1, timeoutMs = 20_000): Promise<ReceivedMail[]> {
    return waitFor(
      `${count} message(s) at the test SMTP server (received so far: ${this.received.map((m) => m.subject).join(' | ')})`,
      async () => this.received.filter(match),
      (found) => found.length >= count,
      { timeoutMs, everyMs: 100 },
    );
  }
}
