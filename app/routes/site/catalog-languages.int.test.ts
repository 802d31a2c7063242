/**
 * The catalogue, the product page, the finder and the search suggestions in Hindi and Gujarati
 * (issue 26): their loaders send the page's messages in its language, the texts they write
 * themselves are in it, their redirects keep its prefix and their forms answer in it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { createTranslate, type Messages } from "~/lib/i18n/translate";
import { createDeliveryArea, createProduct, createVehicle } from "../../../tests/factories";
import {
  callRoute,
  failureOf,
  flashMessageOf,
  outcome,
  routeArgs,
  sessionCookieFor,
  statusOf,
  throughRouter,
} from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { loader as catalogLoader } from "./catalog";
import { loader as finderLoader } from "./finder";
import { action as productAction, loader as productLoader } from "./product";
import { loader as suggestionsLoader } from "./search-suggestions";

let t: TestDatabase;
let customer: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await createProduct(t, { model: "LANG-60", category: "car", capacityAh: 60, warrantyMonths: 36 });
  await createProduct(t, { model: "LANG-OUT", category: "car", stock: 0, warrantyMonths: 18 });
  const bike = await createProduct(t, { model: "LANG-BIKE", category: "bike", capacityAh: 9 });
  await createVehicle(t, [bike.id], { vehicleType: "bike", make: "Honda", model: "Shine" });
  await createDeliveryArea(t, { prefix: "380", city: "Ahmedabad", days: 2 });
  customer = await sessionCookieFor(t, {
    name: "Hindi Reviewer",
    email: "hindi.reviewer@example.in",
    password: "a long test password",
  });
});
afterAll(async () => {
  await t?.close();
});

async function load(handler: (args: never) => unknown, url: string, params = {}) {
  const request = new Request(`http://localhost${url}`);
  return outcome(async () => handler((await routeArgs(t, request, params)) as never));
}

/** A translator over the messages a loader sent, as the page's components use them. */
function pageTranslator(locale: "hi" | "gu", data: unknown) {
  return createTranslate(locale, (data as { i18n: Messages }).i18n);
}

describe("the catalogue in Hindi", () => {
  it("sends the catalogue's and its cards' messages in Hindi", async () => {
    const data = await load(catalogLoader, "/hi/allproduct");
    const { t } = pageTranslator("hi", data);
    expect(t("Apply filter")).toBe("फ़िल्टर लगाएं");
    expect(t("{count, plural, one {# battery} other {# batteries}}", { count: 3 })).toBe(
      "3 बैटरियाँ",
    );
    expect(t("{years, plural, one {# year} other {# years}}", { years: 2 })).toBe("2 साल");
    expect(t("Add to Cart")).toBe("कार्ट में डालें");
  });

  it("keeps /hi when it drops a filter the category does not offer, and says so in Hindi", async () => {
    // Through the router, as the store answers: it gives the route's redirect the prefix.
    const result = await throughRouter(
      t,
      { loader: catalogLoader },
      "/allproduct",
      "/hi/allproduct?category=bike&capacity=60&warranty=36",
    );
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toMatch(/^\/hi\/allproduct\?/);
    // The root shows the notice through the page's language (root.tsx's loader does this).
    expect(serverTranslate("hi").text(flashMessageOf(result))).toBe(
      "बाइक बैटरियाँ 60Ah, 3 साल वारंटी में नहीं आतीं, इसलिए वह फ़िल्टर हटा दिया गया।",
    );
  });
});

describe("the product page in Gujarati", () => {
  it("sends its messages and writes its title and delivery date in Gujarati", async () => {
    const data = await load(productLoader, "/gu/oneprod/LANG-60?pincode=380015", {
      model: "LANG-60",
    });
    const page = (
      data as {
        data: { seo: { title: string; description: string }; delivery: { by: string } };
      }
    ).data;
    expect(page.seo.title).toBe("LANG-60 60Ah 12V બેટરી");
    expect(page.seo.description).toBe("A test battery 3 વર્ષ વોરંટી.");
    // "શુક્ર, 27 નવે, 2026": Gujarati day and month names, whatever the day.
    expect(page.delivery.by).toMatch(/[\u0A80-\u0AFF]/);
    expect(page.delivery.by).not.toMatch(/[A-Za-z]/);
    const { t } = pageTranslator("gu", page);
    expect(t("Customer reviews")).toBe("ગ્રાહકોના રિવ્યૂ");
    expect(t("Check delivery")).toBe("ડિલિવરી તપાસો");
    expect(t("Notify me")).toBe("મને જણાવો");
  });

  it("sends the not-found page's messages with its 404", async () => {
    const result = await load(productLoader, "/gu/oneprod/NO-SUCH", { model: "NO-SUCH" });
    expect(statusOf(result)).toBe(404);
    const { text } = pageTranslator("gu", (result as { data: unknown }).data);
    expect(text("Battery not found")).toBe("બેટરી મળી નથી");
  });
});

describe("the product page's forms in Hindi", () => {
  it("answers a review without a rating in Hindi", async () => {
    const result = await callRoute(t, productAction, "/hi/oneprod/LANG-60", {
      cookie: customer,
      params: { model: "LANG-60" },
      values: { intent: "review", rating: "9", body: "" },
    });
    expect(statusOf(result)).toBe(400);
    expect(failureOf(result).fieldErrors.rating).toBe("1 से 5 स्टार में रेटिंग चुनें");
  });

  it("answers a stock alert with a wrong e-mail in Hindi", async () => {
    const result = await callRoute(t, productAction, "/hi/oneprod/LANG-OUT", {
      cookie: "",
      params: { model: "LANG-OUT" },
      values: { intent: "notify", email: "not-an-address" },
    });
    expect(statusOf(result)).toBe(400);
    expect(failureOf(result).fieldErrors.email).toBe("सही ई-मेल पता लिखें, जिसमें @ हो");
  });

  it("goes back to the Hindi page after a review", async () => {
    const result = await throughRouter(
      t,
      { action: productAction },
      "/oneprod/:model",
      "/hi/oneprod/LANG-60",
      {
        cookie: customer,
        values: { intent: "review", rating: "5", body: "" },
      },
    );
    expect((result as Response).headers.get("Location")).toBe("/hi/oneprod/LANG-60#reviews");
    expect(serverTranslate("hi").text(flashMessageOf(result))).toBe("धन्यवाद! आपका रिव्यू सेव हो गया।");
  });
});

describe("the finder and the search suggestions in Gujarati", () => {
  it("sends the finder's messages in Gujarati", async () => {
    const data = await load(finderLoader, "/gu/findby");
    const { t } = pageTranslator("gu", data);
    expect(t("Find Battery")).toBe("બેટરી શોધો");
    expect(t("Select make")).toBe("કંપની પસંદ કરો");
  });

  it("names a vehicle's suggestion and a battery's in Gujarati", async () => {
    const answer = (await load(suggestionsLoader, "/gu/search/suggestions?q=Shine")) as Response;
    const body = (await answer.json()) as { suggestions: { kind: string; detail: string }[] };
    expect(body.suggestions.find((s) => s.kind === "vehicle")?.detail).toBe("આમાં ફિટ થતી બેટરી");
    const battery = (await (
      (await load(suggestionsLoader, "/gu/search/suggestions?q=LANG-BIKE")) as Response
    ).json()) as { suggestions: { label: string; detail: string }[] };
    expect(battery.suggestions).toContainEqual(
      expect.objectContaining({ label: "LANG-BIKE", detail: "બાઇક બેટરી 9Ah, 2 વર્ષ વોરંટી" }),
    );
  });
});
