import { fill } from "~/lib/i18n/translate";

/** Every text of the newsletter box and its confirmation and unsubscribe pages in one place. */
export const newsletterMessages = {
  /** The box's answer to every sign-up, whether a mail went out or not (ADR 048). */
  asked:
    "Almost done: confirm with the link we have e-mailed to this address. If it is subscribed already, nothing changes.",
  subscribed: "You are subscribed",
  invalidEmail: "Enter a valid e-mail address, such as name@example.in",
  tooMany: (minutes: number) =>
    fill("Too many sign-ups from this connection. Please try again in {minutes} minutes.", {
      minutes,
    }),
  unsubscribed: "You are unsubscribed. We will not send you the newsletter again.",
  unknownLink: "This unsubscribe link is not valid. It may have been copied incompletely.",
  unknownConfirmLink: "This confirmation link is not valid. It may have been copied incompletely.",
};
