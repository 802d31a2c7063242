import type { z } from "zod";
import { NotFound } from "./errors";

/** One message per field, keyed by the field's name. */
export type FieldErrors = Record<string, string>;

/** What an action returns when a form is refused: errors, and the typed values to show again. */
export type FormFailure = {
  ok: false;
  fieldErrors: FieldErrors;
  formError?: string;
  values: Record<string, string>;
};

/** The text fields of a form (files are left out), as a plain object. NUL characters, which
 * PostgreSQL cannot store in text, are removed here, once for every form. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string" && !(key in values)) values[key] = value.replaceAll("\0", "");
  }
  return values;
}

/** The first message for each field of a zod error; form-wide issues go under "". */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "";
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; fieldErrors: FieldErrors };

/** Parses form values with a schema; the same call runs in the browser and on the server. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
): ParseResult<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  return { success: false, fieldErrors: fieldErrorsOf(result.error) };
}

/** Values safe to send back to the browser: never a password. */
export function echoValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !/password/i.test(key)));
}

/** A record id posted by a form (a hidden field): a positive whole number, or null for
 * anything else ("", "abc", "1.5", "-3"), so a tampered id never reaches SQL as NaN. */
export function postedId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The posted record id, or a NotFound with the given message when it is not a valid one. */
export function requirePostedId(value: string | undefined, notFoundMessage: string): number {
  const id = postedId(value);
  if (id === null) throw new NotFound(notFoundMessage);
  return id;
}
