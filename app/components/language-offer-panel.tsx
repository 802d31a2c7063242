import { useLocation } from "react-router";
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE, languageHref } from "~/lib/i18n/language-choice";
import { INTL_TAG } from "~/lib/i18n/locales";
import { SpriteIcon } from "./sprite-icon";

/** The offer in the language it offers: an English page has none of its catalogue. */
const offers = {
  hi: { read: "यह पेज हिन्दी में पढ़ें", close: "नहीं, अंग्रेज़ी में ही रहने दें", label: "भाषा" },
  gu: { read: "આ પેજ ગુજરાતીમાં વાંચો", close: "ના, અંગ્રેજીમાં જ રહેવા દો", label: "ભાષા" },
} as const;

type Offered = keyof typeof offers;

/** The offer of a language, and the button that declines it (choosing English). */
export function LanguageOfferPanel({
  offered,
  onClose,
}: {
  offered: Offered;
  onClose: () => void;
}) {
  const { pathname, search } = useLocation();
  const text = offers[offered];
  const dismiss = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: one fixed value; the Cookie Store API is not in every browser the store supports
    document.cookie = `${LANG_COOKIE}=en; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax`;
    onClose();
  };
  return (
    <aside
      lang={INTL_TAG[offered]}
      aria-label={text.label}
      data-testid="language-offer"
      className="fixed inset-x-3 z-40 mx-auto flex max-w-md items-center gap-2 rounded-xl border border-slate-200 bg-white p-2 pl-4 shadow-lg"
      // Above a product page's bottom bar on phones (app.css's --buy-bar-height; 0 elsewhere).
      style={{ bottom: "calc(var(--buy-bar-height, 0px) + 0.75rem)" }}
    >
      <a
        href={languageHref(offered, `${pathname}${search}`)}
        hrefLang={INTL_TAG[offered]}
        className="flex min-h-11 flex-1 items-center font-semibold text-brand-700 underline"
      >
        {text.read}
      </a>
      <button type="button" className="icon-btn shrink-0" aria-label={text.close} onClick={dismiss}>
        <SpriteIcon name="x" className="size-5" />
      </button>
    </aside>
  );
}
