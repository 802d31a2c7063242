import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, type FormFailure, formValues, parseForm } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";

type ActionResult = FormFailure | { ok: true } | undefined | null;

/**
 * The form's zod schema, or a way to load it (`() => import("…schema").then((m) => m.x)`): a
 * page whose form is not its main purpose (the product page's review and delivery forms) loads
 * zod when the visitor first focuses the form, instead of with every first visit.
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * Client side of a form: checks it with the same zod schema as the server before sending, and
 * otherwise shows the server's answer. Without JavaScript the server's check alone applies.
 */
export function useValidatedForm(
  schema: SchemaSource,
  actionData: ActionResult,
  options: {
    /** Checks beyond the schema, like the server's (e.g. the chosen file), as field errors; the
     * key "" is a form-level message (e.g. "Fill in the required fields marked below."). */
    check?: (values: Record<string, string>, form: HTMLFormElement) => FieldErrors;
  } = {},
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  // The schema's messages are English; shown in the page's language (the server's come so).
  const t = useT("common");
  // The schema once it is here (a lazy one arrives with the visitor's first focus).
  const ready = useRef<z.ZodType | null>(typeof schema === "function" ? null : schema);
  const pending = useRef<Promise<z.ZodType | null> | null>(null);
  // Set when a lazy schema could not be loaded: that submission goes to the server's check.
  const serverChecks = useRef(false);

  /** Loads a lazy schema once (the form's onFocus); a failed load is tried again next time. */
  function load(): Promise<z.ZodType | null> {
    if (ready.current) return Promise.resolve(ready.current);
    if (typeof schema !== "function") return Promise.resolve(schema);
    pending.current ??= schema().then(
      (loaded) => {
        ready.current = loaded;
        return loaded;
      },
      () => {
        pending.current = null;
        return null;
      },
    );
    return pending.current;
  }
  const failure = actionData && actionData.ok === false ? actionData : undefined;

  // A new server answer replaces what the browser found.
  useEffect(() => {
    if (actionData) setClientErrors(null);
  }, [actionData]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const schemaNow = ready.current;
    if (!schemaNow && !serverChecks.current) {
      // Submitted before the lazy schema arrived: wait for it, then submit again (checked).
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void load().then((loaded) => {
        if (!loaded) serverChecks.current = true;
        form.requestSubmit(submitter);
      });
      return;
    }
    serverChecks.current = false;
    // With the pressed button's name and value, as the server will get them (a form whose
    // buttons say what to do: Approve, Reject).
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const values = formValues(new FormData(form, submitter));
    const result = schemaNow ? parseForm(schemaNow, values) : ({ success: true } as const);
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
    setClientErrors(
      Object.fromEntries(Object.entries(fieldErrors).map(([key, text]) => [key, t.text(text)])),
    );
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
    /** For the form's onFocus: loads a lazy schema while the visitor fills the form in. */
    onFocus: () => void load(),
  };
}
