import { describe, expect, it } from "vitest";
import { chosenLanguage, languageHref, preferredLanguage } from "~/lib/i18n/language-choice";
import { loader } from "./language";

const ask = (query: string, publicUrl = "http://localhost:3000") =>
  loader({
    request: new Request(`http://localhost:3000/language?${query}`),
    context: { publicUrl },
  } as never);

describe("/language, the switcher's links", () => {
  it("keeps the choice in the lang cookie for a year and goes on (303) to the page", async () => {
    const answer = ask("lang=gu&to=%2Fgu%2Foneprod%2FDRIVE-40L%3Fq%3D1");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/gu/oneprod/DRIVE-40L?q=1");
    const cookie = answer.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^lang=gu; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });

  it("English is a choice too (lang=en), and an https store's cookie is Secure", () => {
    const answer = ask("lang=en&to=%2Foneprod%2FX", "https://shop.example.in");
    expect(answer.headers.get("Location")).toBe("/oneprod/X");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^lang=en; .*; Secure$/);
  });

  it.each([
    ["another site", "lang=hi&to=https%3A%2F%2Fevil.example%2Fhi"],
    ["a protocol-relative address", "lang=hi&to=%2F%2Fevil.example%2Fhi"],
    ["a backslash address", "lang=hi&to=%2F%5Cevil.example"],
    ["a path that normalises to another site", "lang=hi&to=%2F.%2F%2Fevil.example"],
    ["no address", "lang=hi"],
    ["a page in another language", "lang=hi&to=%2Fgu%2Fcart"],
    ["an unknown language", "lang=fr&to=%2Ffr%2Fcart"],
  ])("refuses %s (400, no cookie)", (_, query) => {
    const answer = ask(query);
    expect(answer.status).toBe(400);
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    expect(answer.headers.get("Location")).toBeNull();
  });

  it("the switcher's link carries the page and its query in the language", () => {
    expect(languageHref("hi", "/oneprod/X?a=1&b=2")).toBe(
      "/language?lang=hi&to=%2Fhi%2Foneprod%2FX%3Fa%3D1%26b%3D2",
    );
    expect(languageHref("en", "/")).toBe("/language?lang=en&to=%2F");
    expect(languageHref("gu", "/")).toBe("/language?lang=gu&to=%2Fgu");
  });
});

describe("the language choice", () => {
  it("is read from the Cookie header", () => {
    expect(chosenLanguage("a=1; lang=gu; b=2")).toBe("gu");
    expect(chosenLanguage("lang=fr")).toBeNull();
    expect(chosenLanguage("xlang=hi")).toBeNull();
    expect(chosenLanguage(undefined)).toBeNull();
  });

  it("a browser's first language the store has is its preferred one", () => {
    expect(preferredLanguage(["hi-IN", "en-US"])).toBe("hi");
    expect(preferredLanguage(["fr-FR", "gu", "hi"])).toBe("gu");
    expect(preferredLanguage(["en-IN", "hi-IN"])).toBe("en");
    expect(preferredLanguage(["fr", "de"])).toBeNull();
  });
});
