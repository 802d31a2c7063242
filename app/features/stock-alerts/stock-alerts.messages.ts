import { fill } from "~/lib/i18n/translate";

/** Every text of "Notify me" (a battery out of stock) and its mail in one place. */
export const stockAlertMessages = {
  heading: "Out of stock",
  explain: "Leave your e-mail and we will write once when this battery is back in stock.",
  explainSignedIn: (email: string) =>
    fill("We will write once to {email} when this battery is back in stock.", { email }),
  button: "Notify me",
  invalidEmail: "Enter a valid e-mail address, such as name@example.in",
  saved: (email: string) =>
    fill("We will e-mail {email} when this battery is back in stock.", { email }),
  inStock: "This battery is in stock again: you can add it to your cart now.",
  tooMany: (minutes: number) =>
    fill("Too many requests from this connection. Please try again in {minutes} minutes.", {
      minutes,
    }),
  mailSubject: (model: string, brand: string) =>
    fill("{model} is back in stock at {brand}", { model, brand }),
};
