import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { LOCALE_NAME, LOCALES, type Locale } from "~/lib/i18n/locales";

/**
 * A back-office form's texts in each language (issue 26): one tab per language, labelled in the
 * language itself (English, हिन्दी, ગુજરાતી), as an ARIA tablist: arrow keys, Home and End move
 * between tabs, each panel is labelled by its tab. Every panel stays in the form (a hidden one
 * is still sent). A tab whose fields have an error is marked, and after a failed save the first
 * such tab is selected and its first wrong field focused.
 */
export function LanguageTabs({
  label,
  errors,
  children,
}: {
  /** The tablist's name, e.g. "Name and description". */
  label: string;
  /** Per language, whether one of its fields has an error. */
  errors: Partial<Record<Locale, boolean>>;
  children: (locale: Locale) => ReactNode;
}) {
  const id = useId();
  const firstWithError = LOCALES.find((locale) => errors[locale]);
  const [selected, setSelected] = useState<Locale>(firstWithError ?? "en");
  const tabs = useRef<Partial<Record<Locale, HTMLButtonElement | null>>>({});
  const panels = useRef<Partial<Record<Locale, HTMLDivElement | null>>>({});
  const errorKey = LOCALES.filter((locale) => errors[locale]).join(",");

  // The tab whose first wrong field gets the focus once it is shown.
  const focusPending = useRef<Locale | null>(null);

  // New errors: show the first tab that has one (unless the selected tab has one too), and put
  // the focus on its first wrong field (the form's own focus may have found it hidden).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the errors change
  useEffect(() => {
    if (!errorKey) return;
    const target = errors[selected] ? selected : (firstWithError ?? selected);
    focusPending.current = target;
    setSelected(target);
  }, [errorKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the tab is shown
  useEffect(() => {
    if (focusPending.current !== selected) return;
    focusPending.current = null;
    // A wrong field already has the focus (e.g. one above the tabs): it keeps it.
    if (document.activeElement?.getAttribute("aria-invalid") === "true") return;
    panels.current[selected]?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [selected, errorKey]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const at = LOCALES.indexOf(selected);
    const next =
      event.key === "ArrowRight"
        ? LOCALES[(at + 1) % LOCALES.length]
        : event.key === "ArrowLeft"
          ? LOCALES[(at - 1 + LOCALES.length) % LOCALES.length]
          : event.key === "Home"
            ? LOCALES[0]
            : event.key === "End"
              ? LOCALES[LOCALES.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  }

  return (
    <div className="rounded-xl border border-slate-200">
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 border-b border-slate-200 px-2 pt-2"
      >
        {LOCALES.map((locale) => {
          const active = locale === selected;
          return (
            <button
              key={locale}
              ref={(element) => {
                tabs.current[locale] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${locale}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${locale}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(locale)}
              onKeyDown={onKeyDown}
              data-testid={`language-tab-${locale}`}
              className={`-mb-px inline-flex min-h-11 items-center gap-1.5 rounded-t-lg border px-4 text-sm font-semibold ${
                active
                  ? "border-slate-200 border-b-white bg-white text-brand-800"
                  : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              <span lang={locale}>{LOCALE_NAME[locale]}</span>
              {errors[locale] ? (
                <span className="text-danger-700">
                  <span aria-hidden="true">!</span>
                  <span className="sr-only"> (has errors)</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {LOCALES.map((locale) => (
        <div
          key={locale}
          ref={(element) => {
            panels.current[locale] = element;
          }}
          role="tabpanel"
          id={`${id}-panel-${locale}`}
          aria-labelledby={`${id}-tab-${locale}`}
          hidden={locale !== selected}
          className="space-y-4 p-4"
        >
          {children(locale)}
        </div>
      ))}
    </div>
  );
}
