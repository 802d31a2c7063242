import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, csvImports, products } from "~/db/schema";
import { toCsv } from "~/lib/csv";
import { NotFound, ValidationError } from "~/lib/errors";
import { createProduct, createUser } from "../../../tests/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { csvImportMessages as m } from "./csv-import.messages";
import { confirmImport, stageImport, viewImport } from "./csv-import.server";
import { productCsvColumns, productImporter } from "./product-import.server";

let t: TestDatabase;
let admin: { id: string };
const publicUrl = "http://localhost:3000";

beforeAll(async () => {
  t = await createTestDatabase();
  admin = { id: (await createUser(t, { role: "admin" })).id };
});
afterAll(async () => {
  await t?.close();
});

const csv = (lines: string[]) => `${lines.join("\r\n")}\r\n`;
const stage = (text: string, name = "products.csv") =>
  stageImport(t.db, productImporter, { name, text }, admin);

describe("importing products from CSV", () => {
  it("previews new, changed, unchanged and erroneous rows by column, writing nothing", async () => {
    await createProduct(t, {
      model: "IMP-CHANGE",
      pricePaise: 450_000,
      mrpPaise: 450_000,
      stock: 3,
    });
    await createProduct(t, { model: "IMP-SAME", pricePaise: 300_000, mrpPaise: 350_000 });
    const before = await t.db.select().from(products);
    const auditsBefore = await t.db.select().from(auditLog);
    const id = await stage(
      csv([
        "Model,Category,Capacity (Ah),Voltage (V),Warranty (months),Price (INR),Stock",
        "IMP-NEW,Car,45,12,36,5200,7",
        "imp-change,Car,40,12,24,4800,3",
        "IMP-SAME,Car,40,12,24,3000.00,10",
        "IMP-BAD,Boat,40,12,24,abc,2",
        "IMP-NEW,Car,45,12,36,5200,7",
      ]),
    );
    const view = await viewImport(t.db, productImporter, id, admin);
    expect(view?.counts).toEqual({ created: 1, updated: 1, unchanged: 1, errors: 2 });
    expect(view?.rows.map((r) => [r.line, r.key, r.status])).toEqual([
      [2, "IMP-NEW", "new"],
      [3, "imp-change", "changed"],
      [4, "IMP-SAME", "unchanged"],
      [5, "IMP-BAD", "error"],
      [6, "IMP-NEW", "error"],
    ]);
    expect(view?.rows[1]?.changes).toEqual([
      { column: "Model", from: "IMP-CHANGE", to: "imp-change" },
      { column: "Price (INR)", from: "₹4,500", to: "₹4,800" },
    ]);
    expect(view?.rows[3]?.errors).toEqual([
      { column: "Category", message: "Write one of Car, Bike, Inverter, Industrial" },
    ]);
    expect(view?.rows[4]?.errors).toEqual([{ column: "Model", message: m.duplicate(2) }]);
    expect(await t.db.select().from(products)).toEqual(before);
    expect(await t.db.select().from(auditLog)).toEqual(auditsBefore);
  });

  it("gives a row's schema errors by column", async () => {
    const id = await stage(
      csv([
        "Model,Category,Capacity (Ah),Voltage (V),Warranty (months),Price (INR),MRP (INR),Stock",
        "IMP-ERR,Bike,x,12,24,abc,5,",
      ]),
    );
    const view = await viewImport(t.db, productImporter, id, admin);
    expect(view?.rows[0]?.errors.map((e) => e.column)).toEqual([
      "Capacity (Ah)",
      "Price (INR)",
      "Stock",
    ]);
  });

  it("confirms in one transaction: new and changed products written and audited, bad rows skipped and listed", async () => {
    const changed = await createProduct(t, {
      model: "IMP-C2",
      pricePaise: 450_000,
      mrpPaise: 450_000,
    });
    const id = await stage(
      csv([
        "Model,Category,Capacity (Ah),Voltage (V),Warranty (months),Price (INR),Stock",
        "IMP-N2,Inverter,150,12,36,14500,4",
        "IMP-C2,Car,40,12,24,4800,10",
        "IMP-B2,Car,40,12,24,,1",
      ]),
    );
    const outcome = await confirmImport(t.db, productImporter, id, admin, { publicUrl });
    expect(outcome).toMatchObject({ created: 1, updated: 1, unchanged: 0 });
    expect(outcome.skipped).toEqual([
      { line: 4, key: "IMP-B2", errors: [{ column: "Price (INR)", message: expect.any(String) }] },
    ]);
    const rows = await t.db
      .select()
      .from(products)
      .where(inArray(products.model, ["IMP-N2", "IMP-C2", "IMP-B2"]));
    expect(
      rows.map((p) => [p.model, p.pricePaise, p.mrpPaise, p.category, p.active]).sort(),
    ).toEqual([
      ["IMP-C2", 480_000, 480_000, "car", true],
      ["IMP-N2", 1_450_000, 1_450_000, "inverter", true],
    ]);
    const created = rows.find((p) => p.model === "IMP-N2");
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [String(changed.id), String(created?.id)]));
    expect(audits.map((a) => a.action).sort()).toEqual(["product.create", "product.update"]);
    expect(audits.find((a) => a.action === "product.update")?.details).toEqual({
      from: { pricePaise: 450_000, mrpPaise: 450_000 },
      to: { pricePaise: 480_000, mrpPaise: 480_000 },
    });
    // The outcome is kept for the page, the file's text dropped; it cannot be confirmed twice.
    const [upload] = await t.db.select().from(csvImports).where(eq(csvImports.id, id));
    expect(upload?.csv).toBeNull();
    expect((await viewImport(t.db, productImporter, id, admin))?.confirmed).toBe(true);
    await expect(confirmImport(t.db, productImporter, id, admin, { publicUrl })).rejects.toThrow(
      NotFound,
    );
  });

  it("checks every row again on confirmation, against the list as it is then", async () => {
    const id = await stage(
      csv([
        "Model,Category,Capacity (Ah),Voltage (V),Warranty (months),Price (INR),Stock",
        "IMP-RACE,Car,40,12,24,4000,1",
      ]),
    );
    // Between preview and confirmation another admin adds "IMP RACE" (the same address).
    await createProduct(t, { model: "IMP RACE", slug: "imp-race" });
    const outcome = await confirmImport(t.db, productImporter, id, admin, { publicUrl });
    expect(outcome.created).toBe(0);
    expect(outcome.updated + outcome.unchanged).toBe(1);
  });

  it("round-trips its own export: every row unchanged", async () => {
    await createProduct(t, {
      model: "IMP-FULL",
      name: 'Full, "quoted" name',
      hsnCode: "850710",
      specs: {
        technology: "AGM",
        cca: 450,
        dimensionsMm: "242 × 175 × 190",
        weightKg: 14.5,
        terminalLayout: "Left +",
      },
      featured: true,
      installationIncluded: true,
      onSaleSince: "2025-01-15",
      description: "Line one\nline two",
      active: false,
    });
    const all = await t.db.select().from(products);
    const text = toCsv(
      productCsvColumns.map((c) => ({ header: c.header, value: c.cell })),
      all,
    );
    const view = await viewImport(t.db, productImporter, await stage(text), admin);
    expect(view?.rows.filter((r) => r.status !== "unchanged")).toEqual([]);
    expect(view?.counts.unchanged).toBe(all.length);
  });

  it("refuses a file it cannot read with a message on the file field", async () => {
    const refusal = async (text: string) => {
      try {
        await stage(text);
      } catch (error) {
        return error instanceof ValidationError ? error.fieldErrors.file : error;
      }
      return "accepted";
    };
    expect(await refusal("")).toBe(m.empty);
    expect(await refusal("Model,Price\r\n")).toBe(m.empty);
    expect(await refusal("Price,Stock\r\n4000,1\r\n")).toBe(m.missingColumns(["Model"]));
    expect(await refusal("Model,Colour\r\nX,red\r\n")).toContain("Colour");
    expect(await refusal("PK\u0003\u0004\u0000binary")).toBe(m.notCsv);
    expect(await refusal('Model,Price\r\n"X,1\r\n')).toBe(m.badQuotes(2));
    const many = ["Model", ...Array.from({ length: 10_001 }, (_, i) => `M${i}`)].join("\n");
    expect(await refusal(many)).toBe(m.tooManyRows);
    expect(await refusal(`Model\n${"x".repeat(5 * 1024 * 1024)}`)).toBe(m.fileTooLarge);
  });
});
