import { type FormEvent, useEffect, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, type FormFailure, formValues, parseForm } from "~/lib/forms";

type ActionResult = FormFailure | { ok: true } | undefined | null;

/**
 * Client side of a form: checks it with the same zod schema as the server before sending, and
 * otherwise shows the server's answer. Without JavaScript the server's check alone applies.
 */
export function useValidatedForm<S extends z.ZodType>(
  schema: S,
  actionData: ActionResult,
  options: {
    /** Checks beyond the schema, like the server's (e.g. the chosen file), as field errors; the
     * key "" is a form-level message (e.g. "All fields are required!"). */
    check?: (values: Record<string, string>, form: HTMLFormElement) => FieldErrors;
  } = {},
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const failure = actionData && actionData.ok === false ? actionData : undefined;

  // A new server answer replaces what the browser found.
  useEffect(() => {
    if (actionData) setClientErrors(null);
  }, [actionData]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const values = formValues(new FormData(form));
    const result = parseForm(schema, values);
    const extra = options.check?.(values, form) ?? {};
    if (result.success && Object.keys(extra).length === 0) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const fieldErrors: FieldErrors = {
      ...("fieldErrors" in result ? result.fieldErrors : {}),
      ...extra,
    };
    setClientErrors(fieldErrors);
    const first = Object.keys(fieldErrors).find((key) => key !== "");
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus?.();
  }

  const errors = clientErrors ?? failure?.fieldErrors ?? {};
  const values = failure?.values ?? {};
  return {
    errors,
    formError: clientErrors ? clientErrors[""] : (failure?.formError ?? failure?.fieldErrors[""]),
    values,
    /** A field's starting value: what was typed before a failed save, else the saved one. */
    value: (name: string, saved: string | number | null | undefined): string =>
      values[name] ?? (saved === undefined || saved === null ? "" : String(saved)),
    onSubmit,
  };
}
