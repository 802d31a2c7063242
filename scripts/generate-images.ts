/**
 * Writes the demo catalogue's product pictures (SVG, drawn here: no stock photos) into
 * public/images/products. Run with `npx tsx scripts/generate-images.ts` after changing the demo
 * products; the output is committed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ProductCategory } from "../app/db/schema/enums";
import { seedProducts } from "../app/db/seed-data/products";
import { slugify } from "../app/features/catalog/slug";

type Look = { body: string; band: string; text: string; width: number; height: number };

const looks: Record<ProductCategory, Look> = {
  car: { body: "#1f2937", band: "#2548ea", text: "#ffffff", width: 300, height: 190 },
  bike: { body: "#111827", band: "#f59e0b", text: "#111827", width: 200, height: 170 },
  inverter: { body: "#e5e7eb", band: "#047857", text: "#ffffff", width: 250, height: 230 },
  industrial: { body: "#334155", band: "#fbbf24", text: "#111827", width: 320, height: 180 },
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function productSvg(
  model: string,
  category: ProductCategory,
  capacityAh: number,
  voltageV: number,
): string {
  const look = looks[category];
  const x = (400 - look.width) / 2;
  const y = 290 - look.height;
  const post = (cx: number, color: string) =>
    `<rect x="${cx - 14}" y="${y - 18}" width="28" height="22" rx="4" fill="${color}"/>`;
  const labelColor = category === "inverter" ? "#111827" : "#f8fafc";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img" aria-label="${escapeXml(model)} battery">
  <rect width="400" height="300" fill="#f1f5f9"/>
  <ellipse cx="200" cy="292" rx="${look.width / 2 + 10}" ry="8" fill="#cbd5e1"/>
  ${post(x + 46, "#dc2626")}${post(x + look.width - 46, "#1f2937")}
  <rect x="${x}" y="${y}" width="${look.width}" height="${look.height}" rx="14" fill="${look.body}"/>
  <rect x="${x}" y="${y + 22}" width="${look.width}" height="40" fill="${look.band}"/>
  <text x="200" y="${y + 49}" text-anchor="middle" font-family="Verdana, sans-serif" font-size="20" font-weight="700" fill="${look.text}">UrjaCell</text>
  <text x="200" y="${y + 100}" text-anchor="middle" font-family="Verdana, sans-serif" font-size="${model.length > 10 ? 20 : 24}" font-weight="700" fill="${labelColor}">${escapeXml(model)}</text>
  <text x="200" y="${y + 132}" text-anchor="middle" font-family="Verdana, sans-serif" font-size="18" fill="${labelColor}">${capacityAh}Ah · ${voltageV}V</text>
  <path d="M${x + look.width - 40} ${y + 78} l-14 20 h10 l-4 16 l16 -22 h-10 z" fill="#fbbf24"/>
</svg>
`;
}

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
  writeFileSync(
    path.join(out, `${slugify(p.model)}.svg`),
    productSvg(p.model, p.category, p.capacityAh, p.voltageV),
  );
}

writeFileSync(path.resolve("public/images/hero-battery.svg"), heroSvg);
writeFileSync(path.resolve("public/favicon.svg"), faviconSvg);
process.stdout.write(`Wrote ${seedProducts.length} product images to ${out}\n`);
