import { z } from "zod";
import { newsletterMessages as m } from "./newsletter.messages";

/** The footer's box: one e-mail address, compared and stored in lower case. */
export const newsletterFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, m.invalidEmail)
    .max(254, m.invalidEmail)
    .pipe(z.email(m.invalidEmail))
    .transform((email) => email.toLowerCase()),
});

/** The secret of an address's confirmation and unsubscribe links. */
export const subscriptionTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/);
