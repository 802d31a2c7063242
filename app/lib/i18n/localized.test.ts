import { describe, expect, it } from "vitest";
import { englishLang, localized, translationOf, withLocalized } from "./localized";

const product = {
  id: 7,
  name: "Drive 45",
  description: "A sealed car battery.",
  translations: {
    hi: { name: "ड्राइव 45", description: "सीलबंद कार बैटरी।" },
    gu: { name: "ડ્રાઇવ 45", description: "   " },
  },
};

describe("localized", () => {
  it("gives the translation in the page's language and reports nothing in English", () => {
    expect(localized(product, "hi", ["name", "description"])).toEqual({
      name: "ड्राइव 45",
      description: "सीलबंद कार बैटरी।",
      english: [],
    });
  });

  it("falls back to English for an empty translation and says which field did", () => {
    expect(localized(product, "gu", ["name", "description"])).toEqual({
      name: "ડ્રાઇવ 45",
      description: "A sealed car battery.",
      english: ["description"],
    });
  });

  it("falls back for a language or record without translations", () => {
    expect(localized({ name: "X", translations: null }, "hi", ["name"])).toEqual({
      name: "X",
      english: ["name"],
    });
    expect(localized({ name: "X", translations: { gu: { name: "ક" } } }, "hi", ["name"])).toEqual({
      name: "X",
      english: ["name"],
    });
  });

  it("does not report a field whose English is empty too (nothing is shown in English)", () => {
    expect(localized({ name: null, translations: {} }, "hi", ["name"])).toEqual({
      name: null,
      english: [],
    });
  });

  it("keeps English pages as they are, never reporting a fallback", () => {
    expect(localized(product, "en", ["name", "description"])).toEqual({
      name: "Drive 45",
      description: "A sealed car battery.",
      english: [],
    });
  });

  it("trims a translation and treats blank as missing", () => {
    expect(translationOf({ hi: { name: "  ड्राइव  " } }, "hi", "name")).toBe("ड्राइव");
    expect(translationOf({ hi: { name: "" } }, "hi", "name")).toBeNull();
    expect(translationOf({ hi: { name: "ड्राइव" } }, "en", "name")).toBeNull();
  });

  it("withLocalized keeps the other fields and drops the translations", () => {
    const row = withLocalized(product, "gu", ["name", "description"]);
    expect(row).toEqual({
      id: 7,
      name: "ડ્રાઇવ 45",
      description: "A sealed car battery.",
      english: ["description"],
    });
    expect("translations" in row).toBe(false);
    expect(englishLang(row.english, "description")).toBe("en");
    expect(englishLang(row.english, "name")).toBeUndefined();
  });
});
