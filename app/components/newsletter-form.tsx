import { Form, useFetcher } from "react-router";
import type { FormResult } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { useValidatedForm } from "./ui/use-validated-form";

/** The schema is loaded when the visitor first uses the box: zod stays out of every page. */
const loadNewsletterSchema = () =>
  import("~/features/newsletter/newsletter.schema").then((m) => m.newsletterFormSchema);

const FETCHER_KEY = "newsletter";

/**
 * The footer's newsletter box: e-mail and Subscribe. With JavaScript a fetcher posts it and the
 * answer appears under the box; without, the form posts to /newsletter and comes back to this
 * page with the answer as a notice. It shows nothing of the visitor (pages are cached for all).
 */
export function NewsletterForm() {
  const t = useT("common");
  const fetcher = useFetcher<FormResult>({ key: FETCHER_KEY });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const form = useValidatedForm(loadNewsletterSchema, answer ?? null);
  const error = form.errors.email;
  const subscribed = answer?.ok ? answer.message : null;
  return (
    <div>
      <h2 className="footer-heading" id="newsletter-title">
        {t("Newsletter")}
      </h2>
      <p className="mt-3 text-sm text-slate-300">
        {t("Battery-care tips and offers, now and then.")}
      </p>
      <Form
        navigate={false}
        fetcherKey={FETCHER_KEY}
        discover="none"
        method="post"
        action="/newsletter"
        noValidate
        onSubmit={form.onSubmit}
        onFocus={form.onFocus}
        aria-labelledby="newsletter-title"
        className="mt-3 flex flex-wrap gap-2"
      >
        <label htmlFor="newsletter-email" className="sr-only">
          {t("Newsletter e-mail")}
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.in"
          aria-invalid={error ? true : undefined}
          aria-describedby="newsletter-answer"
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-white/20 bg-white px-3 text-base text-slate-900"
        />
        <button type="submit" className="btn-accent" disabled={fetcher.state !== "idle"}>
          {t("Subscribe")}
        </button>
      </Form>
      <p
        id="newsletter-answer"
        aria-live="polite"
        className={`mt-2 min-h-5 text-sm ${error ? "text-red-300" : "text-emerald-300"}`}
      >
        {error ?? subscribed ?? ""}
      </p>
    </div>
  );
}
