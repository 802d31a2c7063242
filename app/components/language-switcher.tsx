import { useLocation } from "react-router";
import { languageHref } from "~/lib/i18n/language-choice";
import { INTL_TAG, LOCALE_NAME, LOCALES, type Locale } from "~/lib/i18n/locales";
import { useT } from "~/lib/i18n/react";
import { useDetailsMenu } from "./ui/use-details-menu";

/**
 * The language switcher (issue 26): the same page and query in each language, each named in
 * itself, the page's own marked `aria-current`. Plain links (a full page load, so the page comes
 * in its language from the server, with or without JavaScript) through `/language`, which keeps
 * the choice in the `lang` cookie.
 */
export function LanguageLinks({
  linkClassName,
  className = "",
}: {
  linkClassName: string;
  className?: string;
}) {
  const t = useT("common");
  const { pathname, search } = useLocation();
  return (
    <ul className={className} data-testid="language-links">
      {LOCALES.map((locale) => (
        <li key={locale}>
          <a
            href={languageHref(locale, `${pathname}${search}`)}
            hrefLang={INTL_TAG[locale]}
            lang={INTL_TAG[locale]}
            aria-current={locale === t.locale ? "true" : undefined}
            className={linkClassName}
          >
            {LOCALE_NAME[locale]}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The switcher in a labelled navigation block (the drawer's and the footer's). */
export function LanguageNav({
  id,
  headingClassName,
  linkClassName,
  listClassName,
}: {
  id: string;
  headingClassName: string;
  linkClassName: string;
  listClassName: string;
}) {
  const t = useT("common");
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={headingClassName}>
        {t("Language")}
      </h2>
      <LanguageLinks className={listClassName} linkClassName={linkClassName} />
    </nav>
  );
}

/** The page's language in the header's button, for the eye (its name is said in full). */
const SHORT_NAME: Record<Locale, string> = { en: "EN", hi: "हि", gu: "ગુ" };

/**
 * The header's switcher (from md): the page's language, opening to the three. A native
 * <details> (opens without JavaScript, by keyboard); with JavaScript it also closes on Escape
 * and an outside click.
 */
export function HeaderLanguageMenu() {
  const t = useT("common");
  const { ref, onKeyDown } = useDetailsMenu();
  return (
    <details
      ref={ref}
      className="relative hidden md:block"
      data-testid="header-language"
      onKeyDown={onKeyDown}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center rounded-full min-w-11 justify-center px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">
          {t("Language:")} <span lang={INTL_TAG[t.locale]}>{LOCALE_NAME[t.locale]}</span>
        </span>
        {/* Short, to leave the search box its room beside eight links at 1280 px. */}
        <span aria-hidden="true" lang={INTL_TAG[t.locale]}>
          {SHORT_NAME[t.locale]}
        </span>
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-44 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
        <LanguageLinks className="flex flex-col gap-1" linkClassName="lang-link" />
      </div>
    </details>
  );
}
