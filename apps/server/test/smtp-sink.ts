import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The decoded text with quoted-printable soft breaks and escapes undone. */
  text: string;
  links: string[];
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server in the test process: the app's nodemailer delivers to it over TCP. */
export async function startSmtpSink(): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const text = decodeQuotedPrintable(raw);
        const links = [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])].map((link) =>
          link.replaceAll('&amp;', '&'),
        );
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, text, links });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  const taken = new Set<ReceivedMail>();
  // Each call takes the oldest mail to `to` not taken before.
  const waitForMail = async (to: string, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mail = mails.find((candidate) => !taken.has(candidate) && candidate.to.includes(to));
      if (mail) {
        taken.add(mail);
        return mail;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
