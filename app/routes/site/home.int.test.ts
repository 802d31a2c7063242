import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterMessages } from "~/features/newsletter/newsletter.messages";
import { createTranslate } from "~/lib/i18n/translate";
import { callRoute, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { loader } from "./home";
import { loader as layoutLoader } from "./layout";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

type WithMessages = { i18n: Parameters<typeof createTranslate>[1] };

describe("the home page in each language", () => {
  it("under /hi its loader sends the home page's messages in Hindi", async () => {
    const answer = (await callRoute(t, loader, "/hi", { cookie: "" })) as WithMessages;
    expect(statusOf(answer)).toBe(200);
    const hindi = createTranslate("hi", answer.i18n);
    expect(hindi.t("Shop by category")).toBe("श्रेणी के अनुसार खरीदें");
    expect(hindi.t("{count, plural, one {# battery} other {# batteries}}", { count: 3 })).toBe(
      "3 बैटरियाँ",
    );
    expect(hindi.text("Car, bike and inverter batteries online")).toBe(
      "कार, बाइक और इन्वर्टर बैटरी ऑनलाइन",
    );
  });

  it("under /gu in Gujarati, and the site layout sends the chrome's messages in it", async () => {
    const answer = (await callRoute(t, loader, "/gu", { cookie: "" })) as WithMessages;
    const gujarati = createTranslate("gu", answer.i18n);
    expect(gujarati.t("Welcome to {brand}", { brand: "UrjaCell" })).toBe("UrjaCell માં આપનું સ્વાગત છે");
    const chrome = createTranslate(
      "gu",
      layoutLoader({ request: new Request("http://localhost/gu") } as never).i18n,
    );
    expect(chrome.t("Skip to content")).toBe("મુખ્ય સામગ્રી પર જાઓ");
    expect(chrome.text(newsletterMessages.asked)).toBe(
      "બસ એક પગલું બાકી: આ સરનામે મોકલેલી લિંકથી કન્ફર્મ કરો. જો તે પહેલેથી સબ્સ્ક્રાઇબ હોય, તો કંઈ બદલાશે નહીં.",
    );
  });

  it("in English its messages are the English sentences", async () => {
    const answer = (await callRoute(t, loader, "/", { cookie: "" })) as WithMessages;
    const english = createTranslate("en", answer.i18n);
    expect(english.t("Shop by category")).toBe("Shop by category");
    expect(english.t("{count, plural, one {# battery} other {# batteries}}", { count: 1 })).toBe(
      "1 battery",
    );
  });
});
