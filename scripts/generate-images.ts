/**
 * Writes the demo catalogue's product pictures (SVG, drawn by scripts/lib/product-art.ts: no stock
 * photos) into public/images/products, one family picture per category into
 * public/images/families (for products without an image), the hero and the favicon. Run with
 * `npx tsx scripts/generate-images.ts` after changing the demo products; the output is committed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { productCategories } from "../app/db/schema/enums";
import { seedProducts } from "../app/db/seed-data/products";
import { slugify } from "../app/features/catalog/slug";
import { familyArtSvg, productArtSvg } from "./lib/product-art";

const heroSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 560 420">
  <circle cx="280" cy="210" r="190" fill="#ffffff" fill-opacity="0.06"/>
  <circle cx="280" cy="210" r="140" fill="#ffffff" fill-opacity="0.06"/>
  <rect x="196" y="96" width="40" height="30" rx="6" fill="#ef4444"/>
  <rect x="324" y="96" width="40" height="30" rx="6" fill="#0f172a"/>
  <rect x="140" y="120" width="280" height="210" rx="24" fill="#0f172a"/>
  <rect x="140" y="150" width="280" height="52" fill="#fbbf24"/>
  <text x="280" y="185" text-anchor="middle" font-family="Verdana, sans-serif" font-size="26" font-weight="700" fill="#0f172a">UrjaCell</text>
  <path d="M292 214 254 268h26l-10 42 42-58h-26z" fill="#fbbf24"/>
  <rect x="110" y="338" width="340" height="10" rx="5" fill="#ffffff" fill-opacity="0.15"/>
</svg>
`;

const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect x="3" y="7" width="24" height="20" rx="4" fill="#1e2d89"/>
  <rect x="27" y="13" width="3" height="8" rx="1.5" fill="#1e2d89"/>
  <path d="M17 9.5 10.5 18h4.5l-1.5 6.5L20 16h-4.5z" fill="#fbbf24"/>
</svg>
`;

const out = path.resolve("public/images/products");
mkdirSync(out, { recursive: true });
for (const p of seedProducts) {
  writeFileSync(path.join(out, `${slugify(p.model)}.svg`), productArtSvg(p));
}
const familiesOut = path.resolve("public/images/families");
mkdirSync(familiesOut, { recursive: true });
for (const category of productCategories) {
  writeFileSync(path.join(familiesOut, `${category}.svg`), familyArtSvg(category));
}

writeFileSync(path.resolve("public/images/hero-battery.svg"), heroSvg);
writeFileSync(path.resolve("public/favicon.svg"), faviconSvg);
process.stdout.write(
  `Wrote ${seedProducts.length} product images to ${out} and ${productCategories.length} family images to ${familiesOut}\n`,
);
