/**
 * Writes public/icons.svg: every icon of the shop's pages (app/components/sprite-icon.tsx),
 * drawn from lucide-react (line icons) and simple-icons (brand marks), as one cacheable sprite
 * that pages reference with `<use href="/icons.svg#star">` instead of repeating the drawing in
 * the HTML and the JavaScript. Run with `npm run icons` after changing the
 * list; the output is committed.
 */
import { writeFileSync } from "node:fs";
import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { siFacebook, siInstagram, siWhatsapp, siX, siYoutube } from "simple-icons";
import { brandIcons, spriteIcons } from "../app/components/sprite-icon";

const pascal = (name: string) =>
  name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase());

const lines = spriteIcons.map((name) => {
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a build script, never bundled
  const icon = lucide[pascal(name) as keyof typeof lucide] as lucide.LucideIcon | undefined;
  if (!icon) throw new Error(`lucide-react has no icon ${name}`);
  const markup = renderToStaticMarkup(createElement(icon));
  const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(markup)?.[1];
  if (!inner) throw new Error(`no drawing for ${name}`);
  // No fill or stroke here: the page's `icon` class sets them (a filled or empty star).
  return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
});

const brands: Record<(typeof brandIcons)[number], { path: string }> = {
  facebook: siFacebook,
  instagram: siInstagram,
  youtube: siYoutube,
  "x-twitter": siX,
  whatsapp: siWhatsapp,
};
const marks = brandIcons.map(
  (name) =>
    `<symbol id="${name}" viewBox="0 0 24 24"><path fill="currentColor" stroke="none" d="${brands[name].path}"/></symbol>`,
);

/** The store's mark (brand-logo.tsx): a battery with a bolt, in the brand's colours. */
const logo = [
  '<symbol id="logo" viewBox="0 0 32 32">',
  '<rect x="3" y="7" width="24" height="20" rx="4" fill="#1e2d89"/>',
  '<rect x="27" y="13" width="3" height="8" rx="1.5" fill="#1e2d89"/>',
  '<path d="M17 9.5 10.5 18h4.5l-1.5 6.5L20 16h-4.5z" fill="#fbbf24"/>',
  "</symbol>",
].join("");

writeFileSync(
  "public/icons.svg",
  `<svg xmlns="http://www.w3.org/2000/svg">${[...lines, ...marks, logo].join("")}</svg>\n`,
);
