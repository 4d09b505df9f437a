import nodemailer from 'nodemailer';

export interface MailTransport {
  send(message: { from: string; to: string; subject: string; html: string; text: string }): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise mail stays in the outbox (/dev/mailbox). */
export function createSmtpTransport(smtpUrl: string | undefined): MailTransport | null {
  if (!smtpUrl) return null;
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}
