import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { extractMessages, readCatalogue } from "../../../scripts/i18n-extract";
import { englishWordsIn } from "./allowed-english";
import { sourceCatalogues } from "./catalogue.server";

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
            compileMessage(translation);
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

    it(`${locale}: no translation is English left as it was`, () => {
      const english: string[] = [];
      for (const [namespace, messages] of Object.entries(files[locale])) {
        for (const [source, translation] of Object.entries(messages)) {
          // Arguments, tags and plural keywords are ICU, not words of the sentence.
          // Inner parts first: a plural's cases, then the plural's own `{count, plural, …}`.
          let text = translation;
          for (let before = ""; before !== text; ) {
            before = text;
            text = text.replace(/\{[^{}]*\}/g, " ");
          }
          const words = englishWordsIn(
            text.replace(
              /<\/?\w+\/?>|\b(plural|select|one|other|few|many|zero|two|number)\b/g,
              " ",
            ),
          );
          if (words.length > 0) english.push(`${namespace}: ${source} -> ${words.join(" ")}`);
        }
      }
      expect(english).toEqual([]);
    });
  }

  it("every English message is valid ICU", () => {
    for (const messages of Object.values(extracted)) {
      for (const source of Object.keys(messages))
        expect(() => compileMessage(source)).not.toThrow();
    }
  });
});
