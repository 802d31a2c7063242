import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
};
export type Mailer = { send: (mail: Mail) => Promise<void> };

export type MailerOptions = {
  /** SMTP connection URL (smtp://user:pass@host:587); when absent mail goes to the outbox. */
  smtpUrl?: string;
  /** Folder for .eml files when there is no SMTP server. */
  outboxDir: string;
  from: string;
  log?: (message: string) => void;
};

/** Sends mail by SMTP, or writes each one as an .eml file into the outbox folder. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      mkdirSync(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      options.log?.(`mail to ${mail.to} written to ${file}`);
    },
  };
}
