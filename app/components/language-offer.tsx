import { lazy, Suspense, useEffect, useState } from "react";
import { chosenLanguage, preferredLanguage } from "~/lib/i18n/language-choice";
import { useLocale } from "~/lib/i18n/react";

/** The notice itself, fetched only for a visitor it is offered to (most never need it). */
const LanguageOfferPanel = lazy(() =>
  import("./language-offer-panel").then((m) => ({ default: m.LanguageOfferPanel })),
);

/**
 * A first visitor whose browser prefers Hindi or Gujarati, on an English page, is offered the
 * page in that language (never sent there: the address they opened is the one they get). Drawn
 * after hydration from `navigator.languages` and the `lang` cookie, so every visitor's English
 * page stays the same (the page cache); fixed at the bottom, so nothing on the page moves.
 * Closing it chooses English (`lang=en`) and it is not offered again.
 */
export function LanguageOffer() {
  const locale = useLocale();
  const [offered, setOffered] = useState<"hi" | "gu" | null>(null);

  useEffect(() => {
    if (locale !== "en" || chosenLanguage(document.cookie)) return;
    const preferred = preferredLanguage(navigator.languages ?? [navigator.language]);
    if (preferred === "hi" || preferred === "gu") setOffered(preferred);
  }, [locale]);

  if (!offered || locale !== "en") return null;
  return (
    <Suspense fallback={null}>
      <LanguageOfferPanel offered={offered} onClose={() => setOffered(null)} />
    </Suspense>
  );
}
