import { fill } from "~/lib/i18n/translate";

/** Every text of the newsletter box and its unsubscribe page in one place. */
export const newsletterMessages = {
  subscribed: "You are subscribed",
  invalidEmail: "Enter a valid e-mail address, such as name@example.in",
  tooMany: (minutes: number) =>
    fill("Too many sign-ups from this connection. Please try again in {minutes} minutes.", {
      minutes,
    }),
  unsubscribed: "You are unsubscribed. We will not send you the newsletter again.",
  unknownLink: "This unsubscribe link is not valid. It may have been copied incompletely.",
};
