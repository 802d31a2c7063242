/**
 * Writes public/icons.svg: the icons a page repeats many times (a card's rating stars, its cart
 * button), drawn from the lucide-react package, as one cacheable sprite that pages reference
 * with `<use href="/icons.svg#star">` (app/components/sprite-icon.tsx) instead of repeating the
 * paths inline. Run with `npx tsx scripts/generate-icons.ts` after changing the list; the output
 * is committed.
 */
import { writeFileSync } from "node:fs";
import { type LucideIcon, ShoppingCart, Star } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { spriteIcons } from "../app/components/sprite-icon";

const sources: Record<(typeof spriteIcons)[number], LucideIcon> = {
  star: Star,
  "shopping-cart": ShoppingCart,
};

const symbols = spriteIcons.map((name) => {
  const markup = renderToStaticMarkup(createElement(sources[name]));
  const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(markup)?.[1];
  if (!inner) throw new Error(`no drawing for ${name}`);
  // No fill or stroke here: the <svg> that uses a symbol sets them (a filled or empty star).
  return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
});

writeFileSync(
  "public/icons.svg",
  `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`,
);
