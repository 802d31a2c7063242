import { Link } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";

const texts: Record<number, { title: string; body: string }> = {
  400: {
    title: msg("The form could not be read"),
    body: msg(
      "What was sent did not arrive as a form. Please go back, reload the page and try again.",
    ),
  },
  403: {
    title: msg("You do not have access to this page"),
    body: msg("Your account is signed in, but it does not have permission to open this page."),
  },
  404: {
    title: msg("Page not found"),
    body: msg(
      "We could not find the page you asked for. It may have moved, or the address may be mistyped.",
    ),
  },
};

/** What an error page of this status says: its title and a sentence (also its description). */
export function errorText(status: number): { title: string; body: string } {
  return (
    texts[status] ?? {
      title: msg("Something went wrong"),
      body: msg(
        "An unexpected error stopped this page from loading. Please try again in a moment.",
      ),
    }
  );
}

/** The friendly body of the 404, 403 and error pages. Never shows a stack trace. */
export function ErrorView({ status }: { status: number }) {
  const t = useT("common");
  const text = errorText(status);
  const icon = status === 404 ? "search-x" : "triangle-alert";
  return (
    <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="error-title">
      <SpriteIcon name={icon} className="mx-auto size-14 text-brand-700" />
      <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-brand-700">
        {t("Error {status}", { status: String(status) })}
      </p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold text-slate-900">
        {t(text.title)}
      </h1>
      <p className="mt-3 text-slate-600">{t(text.body)}</p>
      <Link to="/" className="btn-primary mt-8">
        <SpriteIcon name="house" className="size-4" />
        {t("Back to the home page")}
      </Link>
    </section>
  );
}
