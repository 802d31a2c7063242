import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, products } from "~/db/schema";
import { productMessages } from "~/features/catalog/catalog.messages";
import { listProducts } from "~/features/catalog/catalog.server";
import { updateSettings } from "~/features/settings/settings.server";
import { loader as rootLoader } from "~/root";
import { action } from "~/routes/admin/catalog-products";
import { loader as catalogLoader } from "~/routes/site/catalog";
import { loader as homeLoader } from "~/routes/site/home";
import { loader as productLoader } from "~/routes/site/product";
import { createProduct, createUser } from "../../../tests/factories";
import { failureOf, outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";

let t: TestDatabase;
let cookie: string;
let productId: number;

const MODEL = "LANG-45";
const fields = {
  model: MODEL,
  category: "car",
  capacityAh: "45",
  voltageV: "12",
  warrantyMonths: "36",
  price: "5899",
  stock: "5",
  name: "Drive 45 sealed",
  description: "A sealed car battery for hatchbacks.",
};

beforeAll(async () => {
  t = await createTestDatabase();
  cookie = (await createUser(t, { role: "admin" })).cookie;
  productId = (
    await createProduct(t, {
      model: MODEL,
      name: fields.name,
      description: fields.description,
      capacityAh: 45,
      warrantyMonths: 36,
    })
  ).id;
  // Another battery, which a search must leave out.
  await createProduct(t, { model: "OTHER-60", name: "Inverter tall tubular" });
});
afterAll(async () => {
  await t?.close();
});

/** Posts the product form's edit of the test product with `values` on top of its fields. */
async function edit(values: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries({
    intent: "edit",
    productId: String(productId),
    ...fields,
    ...values,
  }))
    body.append(k, v);
  const request = new Request("http://localhost:3000/admin/product?edit=1", {
    method: "POST",
    body,
    headers: { Cookie: cookie },
  });
  return outcome(async () => action(await routeArgs(t, request)));
}

const stored = async () =>
  (await t.db.select().from(products).where(eq(products.id, productId)))[0]?.translations;

async function openProduct(prefix: string) {
  const request = new Request(`http://localhost${prefix}/oneprod/${MODEL}`);
  return outcome(async () =>
    productLoader((await routeArgs(t, request, { model: MODEL })) as never),
  );
}

const loaded = (result: unknown) =>
  (result as { data: Awaited<ReturnType<typeof productLoader>>["data"] }).data;

describe("a product's Hindi and Gujarati texts", () => {
  it("refuses a Gujarati name over 80 characters next to its field, keeping what was typed and storing nothing", async () => {
    const long = "ક".repeat(81);
    const result = await edit({ name_hi: "ड्राइव 45", name_gu: long });
    expect(statusOf(result)).toBe(400);
    const failure = failureOf(result);
    expect(failure.fieldErrors).toEqual({ name_gu: productMessages.nameTooLong });
    expect(failure.values).toMatchObject({ name_hi: "ड्राइव 45", name_gu: long });
    expect(await stored()).toEqual({});
  });

  it("saves the Hindi name and description (a blank Gujarati one is missing) and audits each", async () => {
    const result = await edit({
      name_hi: " ड्राइव 45 सीलबंद ",
      description_hi: "हैचबैक कारों के लिए सीलबंद बैटरी।",
      name_gu: "ડ્રાઇવ 45",
      description_gu: "  ",
    });
    expect(statusOf(result)).toBe(302);
    expect(await stored()).toEqual({
      hi: { name: "ड्राइव 45 सीलबंद", description: "हैचबैक कारों के लिए सीलबंद बैटरी।" },
      gu: { name: "ડ્રાઇવ 45" },
    });
    const [audit] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, "product.update"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.details).toMatchObject({
      from: {
        "translations.hi.name": null,
        "translations.hi.description": null,
        "translations.gu.name": null,
      },
      to: {
        "translations.hi.name": "ड्राइव 45 सीलबंद",
        "translations.hi.description": "हैचबैक कारों के लिए सीलबंद बैटरी।",
        "translations.gu.name": "ડ્રાઇવ 45",
      },
    });
    // The unchanged Gujarati description is not listed as a change.
    expect(audit?.details).not.toHaveProperty(["to", "translations.gu.description"]);
  });

  it("shows the Hindi page its Hindi name and description, with no notice", async () => {
    const page = loaded(await openProduct("/hi"));
    expect(page.product).toMatchObject({
      name: "ड्राइव 45 सीलबंद",
      description: "हैचबैक कारों के लिए सीलबंद बैटरी।",
      english: [],
    });
    expect(page.contentNotice).toBeNull();
    expect(page.product).not.toHaveProperty("translations");
  });

  it("shows the Gujarati page the English description, saying so in Gujarati", async () => {
    const page = loaded(await openProduct("/gu"));
    expect(page.product).toMatchObject({
      name: "ડ્રાઇવ 45",
      description: fields.description,
      english: ["description"],
    });
    expect(page.contentNotice).toBe("આ બેટરીનું વર્ણન હજી અંગ્રેજીમાં છે.");
  });

  it("keeps the English page as it was", async () => {
    const page = loaded(await openProduct(""));
    expect(page.product).toMatchObject({ name: fields.name, description: fields.description });
    expect(page.contentNotice).toBeNull();
  });

  it("lists the catalogue's cards in the page's language and finds a product by its Hindi name", async () => {
    const query = { sort: "featured", page: 1 } as const;
    const found = await listProducts(t.db, { ...query, q: "सीलबंद" }, "hi");
    expect(found.items.map((p) => [p.model, p.name])).toEqual([[MODEL, "ड्राइव 45 सीलबंद"]]);
    // By its English name too, on any page.
    const english = await listProducts(t.db, { ...query, q: "drive 45" }, "gu");
    expect(english.items.map((p) => [p.name, p.english])).toEqual([["ડ્રાઇવ 45", []]]);

    const request = new Request("http://localhost/hi/allproduct");
    const page = (await catalogLoader((await routeArgs(t, request)) as never)) as {
      result: { items: { name: string | null }[] };
      contentNotice: string | null;
    };
    expect(page.result.items.map((p) => p.name)).toContain("ड्राइव 45 सीलबंद");
  });
});

describe("the home page's tagline in three languages", () => {
  const open = async (handler: (args: never) => unknown, prefix: string) => {
    const result = await handler(
      (await routeArgs(t, new Request(`http://localhost${prefix}/`))) as never,
    );
    return ((result as { data?: unknown }).data ?? result) as Record<string, unknown>;
  };

  it("shows the Hindi tagline on /hi, and the English one marked lang=en on /gu with a notice", async () => {
    await updateSettings(t.db, {
      tagline: "Batteries for every journey",
      taglineTranslations: { hi: { tagline: "हर सफ़र के लिए बैटरी" } },
    });
    expect((await open(rootLoader, "/hi")).store).toMatchObject({ tagline: "हर सफ़र के लिए बैटरी" });
    expect((await open(rootLoader, "/hi")).store).not.toHaveProperty("taglineLang");
    expect((await open(rootLoader, "/gu")).store).toMatchObject({
      tagline: "Batteries for every journey",
      taglineLang: "en",
    });
    expect((await open(rootLoader, "")).store).not.toHaveProperty("taglineLang");
    expect((await open(homeLoader, "/gu")).contentNotice).toBe("આ પેજના કેટલાક ભાગ હજી અંગ્રેજીમાં છે.");
    expect((await open(homeLoader, "/hi")).contentNotice).toBeNull();
    expect((await open(homeLoader, "")).contentNotice).toBeNull();
  });
});
