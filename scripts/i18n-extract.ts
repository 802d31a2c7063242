/**
 * The English catalogues, read from the code (ADR 037): every message a file gives `t(…)`,
 * `t.rich(…)` or `msg(…)` is filed under the namespace the file names with `useT("ns")` or
 * `translatorFor(locale, "ns")`; every sentence of a shop feature's `*.messages.ts` (plain
 * strings and `fill("…")` templates) under the feature's name.
 *
 *   npm run i18n:extract          writes app/locales/en/*.json, lists what hi and gu lack
 *   (the catalogue test fails while the files differ from what the code says)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const APP = path.join(ROOT, "app");

/** Features whose messages only the back office shows: they stay English (issue 26). */
const ADMIN_ONLY_MESSAGES = new Set([
  "gst/gst",
  "gst/gstr1",
  "imports/csv-import",
  "legacy/legacy",
  "market-rates/market-rates",
  "settings/settings",
  "orders/promo-admin",
  "orders/statement",
  "outlets/outlet-admin",
]);

export type Extracted = Record<string, Record<string, string>>;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

const STRING = String.raw`"((?:[^"\\\n]|\\.)*)"`;
const NAMESPACE = /\b(?:useT|translatorFor)\([^()]*?"([\w-]+)"\s*\)/g;
const CALL = new RegExp(String.raw`(?:\bt(?:\.rich)?|\bmsg|\bfill)\(\s*${STRING}`, "g");

const literal = (raw: string) => JSON.parse(`"${raw}"`) as string;

/** Every string in a messages module's exports (nested objects too). */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (value && typeof value === "object")
    for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/** What the code says: namespace -> English source -> English (the same text). */
export async function extractMessages(): Promise<Extracted> {
  const catalogues: Extracted = {};
  const add = (namespace: string, source: string, file: string) => {
    if (!source.trim()) throw new Error(`${file}: an empty message`);
    catalogues[namespace] ??= {};
    (catalogues[namespace] as Record<string, string>)[source] = source;
  };
  for (const file of walk(APP)) {
    const code = readFileSync(file, "utf8");
    const relative = path.relative(APP, file);
    const messagesModule = /^features\/([\w-]+)\/([\w-]+)\.messages\.ts$/.exec(relative);
    if (messagesModule) {
      const [, feature = "", name = ""] = messagesModule;
      if (ADMIN_ONLY_MESSAGES.has(`${feature}/${name}`)) continue;
      for (const text of stringsOf(await import(file))) add(feature, text, relative);
      for (const m of code.matchAll(CALL)) add(feature, literal(m[1] ?? ""), relative);
      continue;
    }
    const namespaces = new Set([...code.matchAll(NAMESPACE)].map((m) => m[1] ?? ""));
    const calls = [...code.matchAll(CALL)];
    if (calls.length === 0) continue;
    if (namespaces.size === 0) {
      // `fill` outside a messages module is a plain template filling, not a message.
      if (calls.every((m) => m[0].startsWith("fill"))) continue;
      throw new Error(`${relative}: messages without a namespace (useT("…") names it)`);
    }
    if (namespaces.size > 1) {
      throw new Error(`${relative}: one namespace per file, found ${[...namespaces].join(", ")}`);
    }
    const [namespace = ""] = namespaces;
    for (const m of calls) {
      if (m[0].startsWith("fill")) continue;
      add(namespace, literal(m[1] ?? ""), relative);
    }
  }
  return Object.fromEntries(
    Object.keys(catalogues)
      .sort()
      .map((ns) => [ns, sortKeys(catalogues[ns] ?? {})]),
  );
}

function sortKeys(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).sort(([a], [b]) => a.localeCompare(b, "en")));
}

export function catalogueFile(locale: string, namespace: string): string {
  return path.join(APP, "locales", locale, `${namespace}.json`);
}

export function readCatalogue(locale: string, namespace: string): Record<string, string> | null {
  try {
    return JSON.parse(readFileSync(catalogueFile(locale, namespace), "utf8"));
  } catch {
    return null;
  }
}

/**
 * `app/locales/index.ts`: every catalogue file imported by name, which Vite, Vitest, tsx and
 * esbuild all read alike (the server's catalogues load wherever its code runs).
 */
export function catalogueIndex(): string {
  const imports: string[] = [];
  const table: string[] = [];
  for (const locale of ["en", "hi", "gu"]) {
    const folder = path.join(APP, "locales", locale);
    const names = readdirSync(folder)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""))
      .sort();
    const entries = names.map((ns) => {
      const id = `${locale}_${ns.replace(/-/g, "_")}`;
      imports.push(`import ${id} from "./${locale}/${ns}.json";`);
      const key = /^[A-Za-z_]\w*$/.test(ns) ? ns : JSON.stringify(ns);
      return `    ${key}: ${id},`;
    });
    // As the formatter writes it (an empty language on one line).
    if (entries.length === 0) table.push(`  ${locale}: {},`);
    else table.push(`  ${locale}: {`, ...entries, "  },");
  }
  // Imports in the formatter's order (by path).
  const byPath = (line: string) => line.slice(line.indexOf('"'));
  imports.sort((a, b) => (byPath(a) < byPath(b) ? -1 : 1));
  const lines = [
    "// Written by `npm run i18n:extract` from the files beside it: do not edit.",
    "",
    ...imports,
    "",
    "/** Language -> namespace -> messages (English source -> translation). */",
    "export const catalogues: Record<string, Record<string, Record<string, string>>> = {",
    ...table,
    "};",
    "",
  ];
  return lines.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const extracted = await extractMessages();
  const existing = readdirSync(path.join(APP, "locales", "en")).map((f) => f.replace(".json", ""));
  for (const [namespace, messages] of Object.entries(extracted)) {
    writeFileSync(catalogueFile("en", namespace), `${JSON.stringify(messages, null, 2)}\n`);
  }
  for (const stale of existing.filter((ns) => !(ns in extracted))) {
    process.stdout.write(
      `${`app/locales/en/${stale}.json: no longer used (delete it in every language)`}\n`,
    );
  }
  writeFileSync(path.join(APP, "locales", "index.ts"), catalogueIndex());
  let missing = 0;
  for (const locale of ["hi", "gu"]) {
    for (const [namespace, messages] of Object.entries(extracted)) {
      const own = readCatalogue(locale, namespace) ?? {};
      for (const source of Object.keys(messages)) {
        if (!(source in own)) {
          missing++;
          process.stdout.write(`${`${locale}/${namespace}: ${source}`}\n`);
        }
      }
    }
  }
  process.stdout.write(
    `${Object.keys(extracted).length} namespaces written; ${missing} translations missing.\n`,
  );
}
