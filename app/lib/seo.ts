/**
 * Every public page's tags for search engines and link previews, from one place: its title and
 * description, its canonical address on the store's configured URL, Open Graph (og:title,
 * og:description, og:url, og:type, og:site_name, og:locale, og:image) and the Twitter/X card
 * (which reads the og: tags for the rest). A page's `meta` calls `pageMeta(args, { ... })`
 * (root.tsx), which gives these the store's name and address from the root loader.
 */
import type { MetaDescriptor } from "react-router";
import { LOCALES, type Locale, localePath, OG_LOCALE } from "./i18n/locales";
import { absoluteUrl } from "./json-ld";

export type PageSeo = {
  /** The page's own title, without the store's name: "Log in", "All batteries". */
  title: string;
  /** One or two sentences of this page's own, as a search result shows under the title. */
  description: string;
  /** The page's canonical address as a path on the store ("/allproduct?category=car"); by
   * default the address's path without its query (a search or a filter is the same page). */
  path?: string;
  /** The page's picture (a path on the store or an absolute URL): og:image and a large card. */
  image?: string | null;
  /** What the picture shows, for those who cannot see it. */
  imageAlt?: string;
  /** Open Graph's type: a product page is a "product", anything else a "website". */
  type?: "website" | "product" | "article";
  /** Kept out of search results (the cart, sign-in, account pages, a 404): no canonical link
   * and no preview tags, and `robots: noindex`. */
  noindex?: boolean;
};

/** What the tags need of the store: its name and its configured address (null: unknown). */
export type SiteSeo = {
  brandName: string | null;
  publicUrl: string | null;
  /** The page's language (English when not given): its address carries the prefix. */
  locale?: Locale;
};

/** The tags of one page (pure: `pageMeta` in root.tsx reads the store from the root's data). */
export function seoTags(site: SiteSeo, page: PageSeo & { path: string }): MetaDescriptor[] {
  // As pageTitle (root.tsx) writes every title: "Log in · UrjaCell".
  const title = site.brandName ? `${page.title} · ${site.brandName}` : page.title;
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: page.description }];
  if (page.noindex) return [...tags, { name: "robots", content: "noindex" }];
  // Without the configured address (the root failed) no absolute URL can be written.
  if (!site.publicUrl) return tags;
  const locale = site.locale ?? "en";
  const publicUrl = site.publicUrl;
  const url = absoluteUrl(localePath(locale, page.path), publicUrl);
  // The same page in every language, and English for everyone else (x-default).
  const alternates: MetaDescriptor[] = [
    ...LOCALES.map((other) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: other,
      href: absoluteUrl(localePath(other, page.path), publicUrl),
    })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: absoluteUrl(page.path, publicUrl),
    },
  ];
  const image = page.image ? absoluteUrl(page.image, site.publicUrl) : null;
  return [
    ...tags,
    { tagName: "link", rel: "canonical", href: url },
    ...alternates,
    { property: "og:type", content: page.type ?? "website" },
    ...(site.brandName ? [{ property: "og:site_name", content: site.brandName }] : []),
    { property: "og:locale", content: OG_LOCALE[locale] },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    ...(image && page.imageAlt ? [{ property: "og:image:alt", content: page.imageAlt }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
}
