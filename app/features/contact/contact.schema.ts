import { z } from "zod";
import { emailSchema } from "~/features/accounts/accounts.schema";
import { phoneSchema } from "~/features/settings/settings.schema";
import { lineField, searchField, textField } from "~/lib/text.schema";
import { contactMessages as m } from "./contact.messages";

/** The field people never see (ADR 023): a browser filling it in is a robot's. */
export const HONEYPOT_FIELD = "website";

/** 'Contact Us': Full Name and Email required, Phone and Message optional (as the spec has it). */
export const contactFormSchema = z.object({
  name: lineField().min(2, m.name).max(100, m.name),
  email: emailSchema,
  phone: z.union([z.literal(""), phoneSchema]).transform((phone) => phone || null),
  message: textField()
    .max(2000, m.message)
    .transform((text) => text || null),
  [HONEYPOT_FIELD]: z.string().optional(),
});
export type ContactForm = z.output<typeof contactFormSchema>;

/** The back office's list: open (default), handled or all, and a search on name or e-mail. */
export const messageListSchema = z.object({
  status: z.enum(["open", "handled", "all"]).catch("open"),
  q: searchField(100),
  page: z.coerce.number().int().min(1).catch(1),
});
