import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  /** Every message accepted, in order. */
  received: CapturedMail[];
  port: number;
  /** While true, every message is refused (550) the way a full mailbox would. */
  reject: boolean;
  close(): Promise<void>;
}

/** A real SMTP receiver on loopback that keeps what it is sent. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const capture = { received: [] as CapturedMail[], port: 0, reject: false } as SmtpCapture;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (capture.reject) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        capture.received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  capture.port = (server.server.address() as AddressInfo).port;
  capture.close = () => new Promise<void>((resolve) => server.close(resolve));
  return capture;
}
