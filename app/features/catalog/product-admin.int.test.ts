import { readdirSync } from "node:fs";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, products } from "~/db/schema";
import { addDays, indiaDayOf } from "~/lib/india-time";
import { action } from "~/routes/admin/catalog-products";
import { createUser, productFormFields } from "../../../tests/factories";
import {
  failureOf,
  outcome,
  routeArgs,
  statusOf,
  uploadsDirFor,
} from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { productMessages } from "./catalog.messages";
import { assertOnSaleSince, deleteProduct } from "./product-admin.server";

let t: TestDatabase;
let cookie: string;

const fields = productFormFields;

/** Posts the form; `repeated` adds fields that occur twice, in the order the page sends them. */
async function send(
  values: Record<string, string>,
  image?: File,
  repeated: [string, string][] = [],
) {
  const body = new FormData();
  for (const [k, v] of [...Object.entries(values), ...repeated]) body.append(k, v);
  if (image) body.set("image", image);
  const request = new Request("http://localhost:3000/admin/product?add=1", {
    method: "POST",
    body,
    headers: { Cookie: cookie },
  });
  const args = await routeArgs(t, request);
  return outcome(() => action(args));
}

async function png() {
  const buffer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: "#2548ea" },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(buffer)], "battery.png", { type: "image/png" });
}

const uploadedFiles = () => {
  try {
    return readdirSync(path.join(uploadsDirFor(t), "products"));
  } catch {
    return [];
  }
};

beforeAll(async () => {
  t = await createTestDatabase();
  cookie = (await createUser(t, { role: "admin" })).cookie;
});
afterAll(async () => {
  await t?.close();
});

describe("adding a product", () => {
  it("asks for an image first, and stores nothing", async () => {
    const result = await send({ intent: "add", ...fields });
    expect(statusOf(result)).toBe(400);
    expect((result as { data: { formError: string } }).data.formError).toBe(
      "Please select an image",
    );
    expect(await t.db.select().from(products)).toEqual([]);
  });

  it("answers 'Fill in the required fields marked below.' and does not store the image", async () => {
    const result = await send({ intent: "add", ...fields, price: "" }, await png());
    expect(statusOf(result)).toBe(400);
    expect((result as { data: { formError: string } }).data.formError).toBe(
      "Fill in the required fields marked below.",
    );
    expect(uploadedFiles()).toEqual([]);
    expect(await t.db.select().from(products)).toEqual([]);
  });

  it("stores a valid product with its image, price in paise, and an audit entry", async () => {
    const result = await send({ intent: "add", ...fields }, await png());
    expect(statusOf(result)).toBe(302);
    const [row] = await t.db.select().from(products).where(eq(products.model, "TEST-50"));
    expect(row).toMatchObject({
      slug: "test-50",
      pricePaise: 600000,
      mrpPaise: 600000,
      stock: 4,
      active: true,
    });
    expect(row?.image).toMatch(/-detail\.webp$/);
    expect(uploadedFiles()).toHaveLength(2);
    expect(
      await t.db.select().from(auditLog).where(eq(auditLog.action, "product.create")),
    ).toHaveLength(1);
  });

  it("refuses a duplicate model (any case) next to the model field, before storing an image", async () => {
    const before = uploadedFiles().length;
    const other = await sharp({
      create: { width: 500, height: 500, channels: 3, background: "#000" },
    })
      .png()
      .toBuffer();
    const result = await send(
      { intent: "add", ...fields, model: "test-50" },
      new File([new Uint8Array(other)], "x.png"),
    );
    expect(statusOf(result)).toBe(409);
    expect(
      (result as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors.model,
    ).toBe("A product with this model already exists");
    expect(uploadedFiles()).toHaveLength(before);
  });

  it("refuses a price above ₹10 lakh next to the price field (a 400, not a database error)", async () => {
    const before = uploadedFiles().length;
    const result = await send(
      { intent: "add", ...fields, model: "HUGE-1", price: "1000001" },
      await png(),
    );
    expect(statusOf(result)).toBe(400);
    expect(
      (result as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors.price,
    ).toBe("Enter a price up to ₹10,00,000");
    expect(uploadedFiles()).toHaveLength(before);
    expect(await t.db.select().from(products).where(eq(products.model, "HUGE-1"))).toEqual([]);
  });
});

describe("editing a product", () => {
  // The edit form sends the ticked box's "on" and then a hidden "false" for an unticked box.
  const edit = async (active: [string, string][]) => {
    const [row] = await t.db.select().from(products).where(eq(products.model, "TEST-50"));
    const result = await send(
      { intent: "edit", productId: String(row!.id), ...fields, stock: "9" },
      undefined,
      active,
    );
    expect(statusOf(result)).toBe(302);
    const [after] = await t.db.select().from(products).where(eq(products.id, row!.id));
    return after!;
  };

  it("saves the changes and keeps the product in the catalogue while the box stays ticked", async () => {
    const after = await edit([
      ["active", "on"],
      ["active", "false"],
    ]);
    expect(after).toMatchObject({ stock: 9, active: true });
  });

  it("hides the product when the box is unticked, and shows it again when ticked", async () => {
    expect((await edit([["active", "false"]])).active).toBe(false);
    expect(
      (
        await edit([
          ["active", "on"],
          ["active", "false"],
        ])
      ).active,
    ).toBe(true);
  });
});

describe("a product's warranty terms", () => {
  const editTerms = async (terms: Record<string, string>) => {
    const [row] = await t.db.select().from(products).where(eq(products.model, "TEST-50"));
    const result = await send({ intent: "edit", productId: String(row!.id), ...fields, ...terms });
    const [after] = await t.db.select().from(products).where(eq(products.id, row!.id));
    return { result, after: after! };
  };

  it("saves the pro-rata months and the day the model went on sale, in the audit log too", async () => {
    const { result, after } = await editTerms({ proRataMonths: "12", onSaleSince: "2025-04-01" });
    expect(statusOf(result)).toBe(302);
    expect(after).toMatchObject({ proRataMonths: 12, onSaleSince: "2025-04-01" });
    const [audit] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, "product.update"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.details).toMatchObject({
      to: { proRataMonths: 12, onSaleSince: "2025-04-01" },
    });
  });

  it("refuses a day in the future and pro-rata months out of range next to their fields, storing nothing", async () => {
    const tomorrow = addDays(indiaDayOf(new Date()), 1);
    const future = await editTerms({ proRataMonths: "6", onSaleSince: tomorrow });
    expect(statusOf(future.result)).toBe(400);
    expect(failureOf(future.result).fieldErrors).toEqual({
      onSaleSince: productMessages.onSaleSinceFuture,
    });
    const tooLong = await editTerms({ proRataMonths: "121" });
    expect(failureOf(tooLong.result).fieldErrors).toEqual({
      proRataMonths: productMessages.proRataFormat,
    });
    expect(tooLong.after).toMatchObject({ proRataMonths: 12, onSaleSince: "2025-04-01" });
  });

  it("takes India's today as the latest day on sale, whatever the hour", () => {
    // 23:45 in India on 1 March is 18:15 UTC: the 2nd is still tomorrow there.
    const lateEvening = new Date("2027-03-01T18:15:00Z");
    expect(() => assertOnSaleSince("2027-03-01", lateEvening)).not.toThrow();
    expect(() => assertOnSaleSince("2027-03-02", lateEvening)).toThrow(
      productMessages.onSaleSinceFuture,
    );
    // 00:15 on the 2nd in India, still the 1st in UTC.
    expect(() => assertOnSaleSince("2027-03-02", new Date("2027-03-01T18:45:00Z"))).not.toThrow();
  });
});

describe("deleting a product", () => {
  it("answers a malformed or unknown product id with 404, not a database error", async () => {
    for (const productId of ["abc", "", "1e3", "-4", "99999999999", "424242"]) {
      expect(statusOf(await send({ intent: "delete", productId })), productId).toBe(404);
      const edit = { intent: "edit", productId, ...fields, model: "NOBODY-1" };
      expect(statusOf(await send(edit)), productId).toBe(404);
    }
  });

  it("deletes one that nothing refers to", async () => {
    const [row] = await t.db.select().from(products).where(eq(products.model, "TEST-50"));
    expect(await deleteProduct(t.db, { id: row!.id }, { id: "actor" })).toBe("deleted");
    expect(await t.db.select().from(products)).toEqual([]);
  });

  it("deactivates one that an order refers to", async () => {
    await send({ intent: "add", ...fields, model: "KEEP-60" }, await png());
    const [row] = await t.db.select().from(products).where(eq(products.model, "KEEP-60"));
    // Stands in for the order lines of the orders feature (a RESTRICT foreign key).
    await t.db.execute(
      sql`create table order_lines_stub (product_id integer not null references products(id))`,
    );
    await t.db.execute(sql`insert into order_lines_stub values (${row!.id})`);
    expect(await deleteProduct(t.db, { id: row!.id }, { id: "actor" })).toBe("deactivated");
    const [after] = await t.db.select().from(products).where(eq(products.id, row!.id));
    expect(after?.active).toBe(false);
  });
});
