import type { StoreSettings } from "~/features/settings/settings.schema";
import type { Locale } from "~/lib/i18n/locales";
import { localized } from "~/lib/i18n/localized";

/**
 * The store's tagline (home page and footer) in the page's language: the admin's Hindi or
 * Gujarati one, else the English one marked `lang="en"` (issue 26).
 */
export function localTagline(
  settings: Pick<StoreSettings, "tagline" | "taglineTranslations">,
  locale: Locale,
): { tagline: string; taglineLang?: "en" } {
  const picked = localized(
    { tagline: settings.tagline, translations: settings.taglineTranslations },
    locale,
    ["tagline"],
  );
  return {
    tagline: picked.tagline ?? "",
    ...(picked.english.length > 0 ? { taglineLang: "en" as const } : {}),
  };
}
