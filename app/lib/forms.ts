/* Types only: this module runs in the browser too, where zod is loaded with the form that
   needs it (a schema module), never with every page. */
import type { z } from "zod";

/** One message per field, keyed by the field's name. */
export type FieldErrors = Record<string, string>;

/** What an action returns when a form is refused: errors, and the typed values to show again. */
export type FormFailure = {
  ok: false;
  fieldErrors: FieldErrors;
  formError?: string;
  values: Record<string, string>;
};

/** A successful answer the page shows itself (a form action with reply: "data"). */
export type FormSuccess = {
  ok: true;
  intent: string;
  message?: string;
  /** What a data-reply intent found for the page (e.g. a statement's preview). */
  result?: unknown;
};
/** What a form action answers with data (a redirect is the other answer). */
export type FormResult = FormSuccess | FormFailure;

/** Text without NUL characters, which PostgreSQL cannot hold in text (nor compare with it). */
export function withoutNul(text: string): string {
  return text.replaceAll("\0", "");
}

/** The text fields of a form (files are left out), as a plain object. NUL characters are
 * removed here, once for every form. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string" && !(key in values)) values[key] = withoutNul(value);
  }
  return values;
}

/** An address's query as a plain object, the first value of each name, NUL characters removed:
 * what a search or a list's filters read (issue 27: a typed NUL was a 500). */
export function queryValues(params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!(key in values)) values[key] = withoutNul(value);
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
  values: unknown,
): ParseResult<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  return { success: false, fieldErrors: fieldErrorsOf(result.error) };
}

/** Values safe to send back to the browser: never a password. */
export function echoValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !/password/i.test(key)));
}

/**
 * For a zod refinement across fields (`{ when: fieldsClean("a", "b") }`): whether earlier issues
 * (a field's own) left these fields alone, so the rule across them may run.
 */
export const fieldsClean =
  (...fields: string[]) =>
  (payload: { issues: { path?: PropertyKey[] }[] }) =>
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));
