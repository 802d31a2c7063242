/**
 * Texts to a customer's mobile: SMS or WhatsApp (issue 22). They are queued in the outbox with
 * the change that sends them, like mail (`queueText`, lib/mail-outbox.server.ts), and the
 * background job hands each to the `Notifier`. No provider is configured yet: the notifier logs
 * what it would send, so a real one (an SMS gateway, the WhatsApp Business API) is one adapter
 * implementing `send`, chosen in server/services.ts.
 */
export type TextChannel = "sms" | "whatsapp";

export type TextMessage = {
  channel: TextChannel;
  /** Ten digits, starting 6-9: the number without +91. */
  to: string;
  text: string;
};

export type Notifier = { send: (message: TextMessage) => Promise<void> };

/** The notifier without a provider: each text is logged, with the number's last four digits. */
export function createLoggingNotifier(log: (message: string) => void): Notifier {
  return {
    async send(message) {
      log(
        `${message.channel} to ******${message.to.slice(-4)} (no provider configured): ${message.text}`,
      );
    },
  };
}
