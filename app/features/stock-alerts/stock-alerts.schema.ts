import { z } from "zod";
import { stockAlertMessages as m } from "./stock-alerts.messages";

/**
 * "Notify me": a visitor types an e-mail (stored in lower case, one request per battery and
 * address); a signed-in customer posts none and their account's address is used.
 */
export const stockAlertFormSchema = z.object({
  email: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .max(254, m.invalidEmail)
      .pipe(z.email(m.invalidEmail))
      .transform((email) => email.toLowerCase())
      .optional(),
  ),
});
export type StockAlertForm = z.infer<typeof stockAlertFormSchema>;
