import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses of the SMTP envelope. */
  to: string[];
  mail: ParsedMail;
  /** The message as it went over the wire. */
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it accepts. `refuse(n)` makes it
 * answer the next n messages with a temporary 451; `refuse(Infinity)` refuses every one.
 */
export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Messages answered with an error so far. */
  refused: number;
  refuse(count: number): void;
  /**
   * The next message's DATA is read but never answered (a server that hangs before its 250):
   * resolves with that message once it has arrived. It is not kept in `received`.
   */
  holdNext(): Promise<ReceivedMail>;
  /** Resolves with the next message the server accepts. */
  nextReceived(): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) without TLS or authentication that hands each whole
 * message to `onMessage`, which answers through `done`. Resolves once it listens.
 */
async function listenSmtp(onMessage: (raw: Buffer, session: SMTPServerSession, done: (error?: Error) => void) => void) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A reverse DNS lookup per connection costs seconds where DNS is slow or absent.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => onMessage(Buffer.concat(chunks), session, callback));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  let toRefuse = 0;
  let hold: ((mail: ReceivedMail) => void) | undefined;
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const sink: SmtpSink = {
    url: '',
    received: [],
    refused: 0,
    refuse(count) {
      toRefuse = count;
    },
    holdNext: () => new Promise((resolve) => (hold = resolve)),
    nextReceived: () => new Promise((resolve) => waiting.push(resolve)),
    clear() {
      sink.received.length = 0;
      sink.refused = 0;
      toRefuse = 0;
    },
    close: () => server.close(),
  };
  const server = await listenSmtp((raw, session, callback) => {
    if (toRefuse > 0) {
      toRefuse -= 1;
      sink.refused += 1;
      callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
      return;
    }
    const held = hold;
    hold = undefined;
    const text = raw.toString('utf8');
    simpleParser(text)
      .then((mail) => {
        const received = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail, raw: text };
        // Held: the client waits for an answer that never comes (until its process dies).
        if (held) return held(received);
        sink.received.push(received);
        callback();
        for (const resolve of waiting.splice(0)) resolve(received);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
  });
  sink.url = server.url;
  return sink;
}

/** What a counting sink notes of each message it accepts. */
export interface AcceptedMail {
  /** MAIL FROM of the SMTP envelope: which sender (process) it came from. */
  mailFrom: string;
  to: string[];
  messageId: string;
  subject: string;
}

/**
 * A real SMTP server (smtp-server) that accepts everything and notes each message's envelope,
 * Message-ID and subject, without parsing the rest: for tests that count a thousand emails.
 */
export async function startCountingSmtpSink() {
  const accepted: AcceptedMail[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = await listenSmtp((raw, session, callback) => {
    const head = raw.toString('utf8').split(/\r?\n\r?\n/, 1)[0] ?? '';
    const header = (name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
    const mailFrom = session.envelope.mailFrom;
    accepted.push({
      mailFrom: mailFrom ? mailFrom.address : '',
      to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
      messageId: header('Message-ID'),
      subject: header('Subject'),
    });
    callback();
    for (const waiter of waiting.filter((w) => accepted.length >= w.count)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  return {
    url: server.url,
    accepted,
    /** Resolves once `count` messages were accepted. */
    received: (count: number): Promise<void> =>
      accepted.length >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve })),
    close: server.close,
  };
}
