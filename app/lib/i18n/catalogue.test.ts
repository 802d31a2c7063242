import { readFileSync } from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { catalogueIndex, extractMessages, readCatalogue } from "../../../scripts/i18n-extract";
import { englishWordsIn } from "./allowed-english";
import { sourceCatalogues } from "./catalogue.server";
import { compileSource } from "./compile-source";

const files = sourceCatalogues();
const extracted = await extractMessages();

/** The argument names and tags of an ICU message ("{count}", "{count, plural…}", "<0>"). */
function placeholdersOf(message: string): string[] {
  const names = [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<\/?(\w+)\/?>/g)].map((m) => m[0]);
  return [...new Set([...names, ...tags])].sort();
}

describe("the message catalogues", () => {
  it("hold every message the code uses, and no other (npm run i18n:extract)", () => {
    expect(files.en).toEqual(extracted);
  });

  for (const locale of ["hi", "gu"] as const) {
    it(`${locale}: every namespace has every message, and none the code no longer uses`, () => {
      const missing: string[] = [];
      const extra: string[] = [];
      for (const [namespace, messages] of Object.entries(extracted)) {
        const own = readCatalogue(locale, namespace) ?? {};
        for (const source of Object.keys(messages)) {
          if (!(source in own)) missing.push(`${namespace}: ${source}`);
        }
        for (const source of Object.keys(own)) {
          if (!(source in messages)) extra.push(`${namespace}: ${source}`);
        }
      }
      expect(Object.keys(files[locale]).sort()).toEqual(Object.keys(extracted).sort());
      expect(missing).toEqual([]);
      expect(extra).toEqual([]);
    });

    it(`${locale}: every translation is valid ICU with the English message's arguments`, () => {
      const wrong: string[] = [];
      for (const [namespace, messages] of Object.entries(files[locale])) {
        for (const [source, translation] of Object.entries(messages)) {
          try {
            // (compileMessage logs a syntax error and returns the text: it never throws.)
            compileMessageOrThrow(translation);
          } catch (error) {
            wrong.push(`${namespace}: ${translation}: ${(error as Error).message}`);
            continue;
          }
          const want = placeholdersOf(source).join(" ");
          const got = placeholdersOf(translation).join(" ");
          if (want !== got) wrong.push(`${namespace}: "${translation}" has ${got}, not ${want}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it(`${locale}: a sentence has one translation, whichever part of the store uses it`, () => {
      // The server translates with every namespace at once (e-mails, form answers): two
      // translations of one sentence would make the same words read differently on the site.
      const seen = new Map<string, string>();
      const differ: string[] = [];
      for (const messages of Object.values(files[locale])) {
        for (const [source, translation] of Object.entries(messages)) {
          const before = seen.get(source);
          if (before !== undefined && before !== translation) {
            differ.push(`${source}: "${before}" / "${translation}"`);
          }
          seen.set(source, translation);
        }
      }
      expect(differ).toEqual([]);
    });

    it(`${locale}: no translation is English left as it was`, () => {
      const english: string[] = [];
      for (const [namespace, messages] of Object.entries(files[locale])) {
        for (const [source, translation] of Object.entries(messages)) {
          // ICU is not words of the sentence: an argument's head ("{count, plural,"), a simple
          // argument, each case's key ("one {", "car {"), braces, "#", tags, an e-mail address.
          // A case's own text is checked like any text.
          const text = translation
            .replace(/\{\s*\w+\s*,\s*(plural|select|selectordinal|number|date|time)\s*,?/g, " ")
            .replace(/\{\s*\w+\s*\}/g, " ")
            .replace(/[\w=]+\s*\{/g, " ")
            .replace(/[{}#]/g, " ");
          const words = englishWordsIn(text.replace(/\S+@\S+|<\/?\w+\/?>/g, " "));
          if (words.length > 0) english.push(`${namespace}: ${source} -> ${words.join(" ")}`);
        }
      }
      expect(english).toEqual([]);
    });
  }

  it("are all loaded: app/locales/index.ts names every file (npm run i18n:extract)", () => {
    const index = readFileSync(path.join(import.meta.dirname, "../../locales/index.ts"), "utf8");
    expect(index).toBe(catalogueIndex());
  });

  it("every English message is valid ICU, and compiles from its source as Lingui compiles it", () => {
    // English pages are sent no catalogue: the browser compiles a message from its source
    // (compile-source.ts), and must draw what the server drew from the same source.
    const differ: string[] = [];
    for (const messages of Object.values(extracted)) {
      for (const source of Object.keys(messages)) {
        const lingui = JSON.stringify(compileMessageOrThrow(source));
        const ours = JSON.stringify(compileSource(source));
        if (ours !== lingui) differ.push(`${source}: ${ours} / ${lingui}`);
      }
    }
    expect(differ).toEqual([]);
  });
});
