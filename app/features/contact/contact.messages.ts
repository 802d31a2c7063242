import { fill } from "~/lib/i18n/translate";

/** Every text of the contact form and the back office's messages in one place. */
export const contactMessages = {
  name: "Enter your full name",
  message: "Keep the message to 2,000 characters",
  thanks: "Thank you for writing to us. We will reply by e-mail soon.",
  tooMany: (minutes: number) =>
    fill("Too many messages from this connection. Please try again in {minutes} minutes.", {
      minutes,
    }),
  /** The phone field's error (settings.schema's phoneSchema), so the form shows it translated. */
  phone: "Enter a valid phone number",
  notFound: "Message not found",
  handled: "Message marked handled",
  reopened: "Message reopened",
  failed: { handle: "Could not mark the message handled", reopen: "Could not reopen the message" },
};
