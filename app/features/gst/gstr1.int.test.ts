/**
 * Issue 24: the month's GSTR-1 figures are read from the invoices and credit notes issued in it
 * (India's calendar), each document in its return table, and add up to the documents to the
 * paisa (ADR 033).
 */
import { and, asc, gte, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taxDocuments } from "~/db/schema";
import { changeOrderStatus } from "~/features/orders/orders.server";
import { updateSettings } from "~/features/settings/settings.server";
import {
  createOrder,
  createProduct,
  createUser,
  gstSeller,
  noGstSeller,
} from "../../../tests/factories";
import { orderOptions } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { gstinCheckCharacter } from "./gstin";
import {
  type Gstr1Figures,
  gstr1Figures,
  type SectionTotals,
  type TaxAmounts,
} from "./gstr1.server";
import { readTaxDocument, taxDocumentsOfOrders } from "./invoices.server";
import type { TaxDocument } from "./tax-document";

let t: TestDatabase;
let admin: { id: string; as: "admin" };
const seller = gstSeller;
const maharashtraBusiness = { gstin: "27AAPFU0939F1ZV", name: "Patel Transport LLP" };
const gujaratBusiness = {
  gstin: `24AAGCS4321K1Z${gstinCheckCharacter("24AAGCS4321K1Z")}`,
  name: "Sabarmati Fleet Services Pvt Ltd",
};

/** August 2029, far from the other tests' months; India's day turns at 18:30 UTC. */
const MONTH = "2029-08";
const at = (day: string, time = "10:00") => new Date(`${day}T${time}:00+05:30`);

type Made = { id: number; number: number };
/** The documents each order of the month's story got. */
const orders: Record<string, Made> = {};
let figures: Gstr1Figures;
/** Every document issued in August 2029, read back as printed. */
let august: TaxDocument[];

async function pay(order: Made, when: Date) {
  await changeOrderStatus(t.db, { number: order.number, to: "paid" }, admin, {
    ...orderOptions,
    now: when,
  });
}
async function cancel(order: Made, when: Date) {
  await changeOrderStatus(t.db, { number: order.number, to: "cancelled" }, admin, {
    ...orderOptions,
    now: when,
  });
}

/** An order's invoice [0] and credit note [1], as printed. */
async function documentsOf(name: string): Promise<TaxDocument[]> {
  const order = orders[name] as Made;
  const docs = (await taxDocumentsOfOrders(t.db, [order.id])).get(order.id) ?? [];
  return Promise.all(docs.map((doc) => readTaxDocument(t.db, doc.id)));
}
async function invoiceOf(name: string) {
  return (await documentsOf(name))[0] as TaxDocument;
}
async function creditNoteOf(name: string) {
  return (await documentsOf(name))[1] as TaxDocument;
}

const amountsOf = (doc: TaxDocument): TaxAmounts => ({
  taxablePaise: doc.totals.taxablePaise,
  igstPaise: doc.totals.igstPaise,
  cgstPaise: doc.totals.cgstPaise,
  sgstPaise: doc.totals.sgstPaise,
});
/** Amounts made positive, as the return writes a credit note's (0 - x: never -0). */
const negated = (amounts: TaxAmounts): TaxAmounts => ({
  taxablePaise: 0 - amounts.taxablePaise,
  igstPaise: 0 - amounts.igstPaise,
  cgstPaise: 0 - amounts.cgstPaise,
  sgstPaise: 0 - amounts.sgstPaise,
});
/** The documents' amounts added up, with their count and value. */
function sumOf(docs: TaxDocument[]): SectionTotals {
  const sum = (pick: (doc: TaxDocument) => number) => docs.reduce((s, d) => s + pick(d), 0);
  return {
    documents: docs.length,
    valuePaise: sum((d) => d.totals.totalPaise),
    taxablePaise: sum((d) => d.totals.taxablePaise),
    igstPaise: sum((d) => d.totals.igstPaise),
    cgstPaise: sum((d) => d.totals.cgstPaise),
    sgstPaise: sum((d) => d.totals.sgstPaise),
  };
}
/** Rows' amounts added up. */
function rowSums(rows: TaxAmounts[]): TaxAmounts {
  const sum = (pick: (row: TaxAmounts) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    taxablePaise: sum((r) => r.taxablePaise),
    igstPaise: sum((r) => r.igstPaise),
    cgstPaise: sum((r) => r.cgstPaise),
    sgstPaise: sum((r) => r.sgstPaise),
  };
}
const taxAmountsOf = ({ taxablePaise, igstPaise, cgstPaise, sgstPaise }: TaxAmounts) => ({
  taxablePaise,
  igstPaise,
  cgstPaise,
  sgstPaise,
});

beforeAll(async () => {
  t = await createTestDatabase();
  admin = { id: (await createUser(t, { role: "admin" })).id, as: "admin" };
  await updateSettings(t.db, seller);
  const car = await createProduct(t, { category: "car" });
  const inverter = await createProduct(t, { category: "inverter" });
  const lithium = await createProduct(t, { category: "inverter", hsnCode: "850760" });
  const line = (product: typeof car, quantity: number, unitPricePaise: number) => ({
    quantity,
    unitPricePaise,
    productId: product.id,
    model: product.model,
  });
  const order = (state: string, lines: ReturnType<typeof line>[], extra = {}) =>
    createOrder(t, { status: "payment_pending", state, lines, ...extra });

  // Within the seller's state, to a consumer, with shipping: B2C small in Gujarat.
  orders.gujaratSmall = await order("Gujarat", [line(car, 2, 549_900)], { shippingPaise: 9_900 });
  await pay(orders.gujaratSmall, at("2029-08-05"));
  // Another state, small, undone the same month: B2C small in Kerala, netted to nothing.
  orders.keralaSmall = await order("Kerala", [line(inverter, 1, 1_234_567)]);
  await pay(orders.keralaSmall, at("2029-08-06"));
  // Another state, more than a lakh, with shipping, undone: B2C large and a CDNUR note.
  orders.keralaLarge = await order("Kerala", [line(lithium, 3, 4_500_001)], {
    shippingPaise: 50_000,
  });
  await pay(orders.keralaLarge, at("2029-08-07"));
  // More than a lakh but within the state: still B2C small.
  orders.gujaratLarge = await order("Gujarat", [line(inverter, 1, 15_000_000)]);
  await pay(orders.gujaratLarge, at("2029-08-07", "11:00"));
  // Exactly one lakh to another state: not "more than", so B2C small.
  orders.keralaLakh = await order("Kerala", [line(inverter, 1, 10_000_000)]);
  await pay(orders.keralaLakh, at("2029-08-07", "12:00"));
  // A business in Maharashtra, delivered in Gujarat (bill to, ship to), undone: B2B and CDNR.
  orders.business = await order("Gujarat", [line(car, 4, 549_900)], {
    buyerGstin: maharashtraBusiness.gstin,
    buyerLegalName: maharashtraBusiness.name,
  });
  await pay(orders.business, at("2029-08-08"));
  // A business in Gujarat: B2B within the state.
  orders.localBusiness = await order("Gujarat", [line(car, 1, 600_001)], {
    buyerGstin: gujaratBusiness.gstin,
    buyerLegalName: gujaratBusiness.name,
  });
  await pay(orders.localBusiness, at("2029-08-09"));
  // Paid in July, undone in August: the invoice is July's, the credit note August's.
  orders.julyKerala = await order("Kerala", [line(inverter, 2, 899_950)]);
  await pay(orders.julyKerala, at("2029-07-15"));
  await cancel(orders.julyKerala, at("2029-08-10"));
  await cancel(orders.keralaSmall, at("2029-08-20"));
  await cancel(orders.keralaLarge, at("2029-08-21"));
  await cancel(orders.business, at("2029-08-22"));
  // The month's edges in India: 23:59 on 31 July, 00:00 on 1 August, 23:59 on 31 August and
  // 00:00 on 1 September.
  orders.july = await order("Gujarat", [line(car, 1, 499_900)]);
  await pay(orders.july, new Date("2029-07-31T18:29:00Z"));
  orders.firstMinute = await order("Gujarat", [line(car, 1, 499_900)]);
  await pay(orders.firstMinute, new Date("2029-07-31T18:30:00Z"));
  orders.lastMinute = await order("Gujarat", [line(car, 1, 499_900)]);
  await pay(orders.lastMinute, new Date("2029-08-31T18:29:00Z"));
  orders.september = await order("Gujarat", [line(car, 1, 499_900)]);
  await pay(orders.september, new Date("2029-08-31T18:30:00Z"));

  figures = await gstr1Figures(t.db, { month: MONTH });
  const ids = await t.db
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(and(gte(taxDocuments.issuedOn, "2029-08-01"), lt(taxDocuments.issuedOn, "2029-09-01")))
    .orderBy(asc(taxDocuments.id));
  august = await Promise.all(ids.map(({ id }) => readTaxDocument(t.db, id)));
});
afterAll(async () => {
  await t?.close();
});

describe("the month's GSTR-1 figures", () => {
  it("read only the documents issued in the month, by India's calendar", async () => {
    const numbersIn = new Set(august.map((doc) => doc.number));
    expect(figures).toMatchObject({ month: MONTH, from: "2029-08-01", until: "2029-09-01" });
    expect(figures.documents).toBe(august.length);
    // 9 invoices and 4 credit notes; neither 23:59 on 31 July nor 00:00 on 1 September.
    expect(august.filter((doc) => doc.kind === "invoice")).toHaveLength(9);
    expect(august.filter((doc) => doc.kind === "credit_note")).toHaveLength(4);
    for (const name of ["july", "september", "julyKerala"]) {
      expect(numbersIn.has((await invoiceOf(name)).number), name).toBe(false);
    }
    for (const name of ["firstMinute", "lastMinute"]) {
      expect(numbersIn.has((await invoiceOf(name)).number), name).toBe(true);
    }
    expect(figures.demoDocuments).toBe(0);
  });

  it("lists each invoice to a registered buyer at each rate (Table 4A)", async () => {
    const business = await invoiceOf("business");
    const local = await invoiceOf("localBusiness");
    expect(figures.b2b).toEqual([
      {
        gstin: maharashtraBusiness.gstin,
        receiverName: maharashtraBusiness.name,
        invoiceNumber: business.number,
        invoiceDate: "2029-08-08",
        invoiceValuePaise: 4 * 549_900,
        placeOfSupply: "27-Maharashtra",
        reverseCharge: "N",
        rateBasisPoints: 1800,
        ...amountsOf(business),
      },
      {
        gstin: gujaratBusiness.gstin,
        receiverName: gujaratBusiness.name,
        invoiceNumber: local.number,
        invoiceDate: "2029-08-09",
        invoiceValuePaise: 600_001,
        placeOfSupply: "24-Gujarat",
        reverseCharge: "N",
        rateBasisPoints: 1800,
        ...amountsOf(local),
      },
    ]);
    // Bill to Maharashtra: IGST; within Gujarat: CGST and SGST.
    expect(figures.b2b[0]?.igstPaise).toBeGreaterThan(0);
    expect(figures.b2b[0]?.cgstPaise).toBe(0);
    expect(figures.b2b[1]?.igstPaise).toBe(0);
    expect(figures.b2b[1]?.cgstPaise).toBeGreaterThan(0);
  });

  it("lists only the inter-state consumer invoices of more than a lakh as B2C large (Table 5)", async () => {
    const large = await invoiceOf("keralaLarge");
    expect(large.totals.totalPaise).toBe(3 * 4_500_001 + 50_000);
    expect(figures.b2cl).toEqual([
      {
        invoiceNumber: large.number,
        invoiceDate: "2029-08-07",
        invoiceValuePaise: large.totals.totalPaise,
        placeOfSupply: "32-Kerala",
        rateBasisPoints: 1800,
        ...amountsOf(large),
      },
    ]);
  });

  it("sums the other consumer documents by place of supply and rate, net of their credit notes (Table 7)", async () => {
    const gujarat = [
      await invoiceOf("gujaratSmall"),
      await invoiceOf("gujaratLarge"),
      await invoiceOf("firstMinute"),
      await invoiceOf("lastMinute"),
    ];
    const kerala = [
      ...(await documentsOf("keralaSmall")),
      await invoiceOf("keralaLakh"),
      await creditNoteOf("julyKerala"),
    ];
    expect(figures.b2cs).toEqual([
      {
        type: "OE",
        placeOfSupply: "24-Gujarat",
        rateBasisPoints: 1800,
        ...taxAmountsOf(sumOf(gujarat)),
      },
      {
        type: "OE",
        placeOfSupply: "32-Kerala",
        rateBasisPoints: 1800,
        ...taxAmountsOf(sumOf(kerala)),
      },
    ]);
    // The July invoice's note takes its amounts off August's figure.
    expect(figures.b2cs[1]?.taxablePaise).toBe(
      (await invoiceOf("keralaLakh")).totals.taxablePaise -
        (await invoiceOf("julyKerala")).totals.taxablePaise,
    );
  });

  it("lists every credit note with the invoice it undoes, its amounts positive, and where the return takes it (Table 9B)", async () => {
    const row = async (name: string, reportedIn: string) => {
      const [invoice, note] = (await documentsOf(name)) as [TaxDocument, TaxDocument];
      return {
        reportedIn,
        gstin: invoice.buyer.gstin,
        receiverName: invoice.buyer.name,
        noteNumber: note.number,
        noteDate: note.issuedOn,
        noteType: "C",
        invoiceNumber: invoice.number,
        invoiceDate: invoice.issuedOn,
        placeOfSupply: `${invoice.placeOfSupply.stateCode}-${invoice.placeOfSupply.state}`,
        reverseCharge: "N",
        noteValuePaise: invoice.totals.totalPaise,
        rateBasisPoints: 1800,
        // Stored negative (ADR 033); the return writes them positive.
        ...negated(amountsOf(note)),
      };
    };
    expect(figures.creditNotes).toEqual([
      await row("julyKerala", "b2cs"),
      await row("keralaSmall", "b2cs"),
      await row("keralaLarge", "cdnur"),
      await row("business", "cdnr"),
    ]);
    expect(figures.creditNotes[3]).toMatchObject({
      gstin: maharashtraBusiness.gstin,
      invoiceDate: "2029-08-08",
      noteDate: "2029-08-22",
    });
    for (const note of figures.creditNotes) expect(note.taxablePaise).toBeGreaterThan(0);
  });

  it("adds up to the month's invoices less its credit notes, to the paisa, section by section", () => {
    const { totals, net } = figures;
    expect(net).toEqual(sumOf(august));
    // Each section's totals are its rows' (B2B and B2C large: one rate per invoice here).
    expect(taxAmountsOf(totals.b2b)).toEqual(rowSums(figures.b2b));
    expect(totals.b2b.valuePaise).toBe(
      figures.b2b.reduce((sum, row) => sum + row.invoiceValuePaise, 0),
    );
    expect(taxAmountsOf(totals.b2cl)).toEqual(rowSums(figures.b2cl));
    expect(taxAmountsOf(totals.b2cs)).toEqual(rowSums(figures.b2cs));
    const notesIn = (where: string) => figures.creditNotes.filter((n) => n.reportedIn === where);
    expect(taxAmountsOf(totals.cdnr)).toEqual(rowSums(notesIn("cdnr")));
    expect(taxAmountsOf(totals.cdnur)).toEqual(rowSums(notesIn("cdnur")));
    expect(totals.b2cs.documents).toBe(6 + 2);
    // The return's tables together: invoices in 4A, 5 and 7 (net) less the notes of 9B.
    for (const key of Object.keys(net) as (keyof SectionTotals)[]) {
      const sign = key === "documents" ? 1 : -1;
      expect(
        totals.b2b[key] +
          totals.b2cl[key] +
          totals.b2cs[key] +
          sign * (totals.cdnr[key] + totals.cdnur[key]),
        key,
      ).toBe(net[key]);
    }
  });

  it("summarises by HSN and rate in a B2B and a B2C tab, net of credit notes, quantities of goods only (Table 12)", () => {
    type Key = string;
    const expected = new Map<Key, { quantity: number; value: number } & TaxAmounts>();
    for (const doc of august) {
      const tab = doc.buyer.gstin ? "b2b" : "b2c";
      const sign = doc.kind === "credit_note" ? -1 : 1;
      for (const line of doc.lines) {
        const key = `${tab} ${line.hsn} ${line.rateBasisPoints}`;
        const sum = expected.get(key) ?? {
          quantity: 0,
          value: 0,
          taxablePaise: 0,
          igstPaise: 0,
          cgstPaise: 0,
          sgstPaise: 0,
        };
        if (line.kind === "goods") sum.quantity += sign * line.quantity;
        sum.value += line.totalPaise;
        sum.taxablePaise += line.taxablePaise;
        sum.igstPaise += line.igstPaise;
        sum.cgstPaise += line.cgstPaise;
        sum.sgstPaise += line.sgstPaise;
        expected.set(key, sum);
      }
    }
    const found = new Map(
      [
        ...figures.hsnB2b.map((row) => ["b2b", row] as const),
        ...figures.hsnB2c.map((row) => ["b2c", row] as const),
      ].map(([tab, row]) => [
        `${tab} ${row.hsn} ${row.rateBasisPoints}`,
        { quantity: row.quantity, value: row.totalValuePaise, ...taxAmountsOf(row) },
      ]),
    );
    expect(found).toEqual(expected);
    expect(figures.hsnB2b.map((row) => row.hsn)).toEqual(["850710"]);
    expect(figures.hsnB2c.map((row) => [row.hsn, row.quantity, row.uqc])).toEqual([
      // Two, then one at each edge of the month (shipping adds value, not batteries).
      ["850710", 2 + 1 + 1, "NOS"],
      // Sold and returned in August (1 - 1), 1 and 1 sold, 2 returned from July.
      ["850720", 1 - 1 + 1 + 1 - 2, "NOS"],
      // Three sold and returned: nothing left, value and tax nil.
      ["850760", 0, "NOS"],
    ]);
    expect(figures.hsnB2b[0]?.quantity).toBe(4 - 4 + 1);
    const all = [...figures.hsnB2b, ...figures.hsnB2c];
    expect(rowSums(all)).toEqual(taxAmountsOf(figures.net));
    expect(all.reduce((sum, row) => sum + row.totalValuePaise, 0)).toBe(figures.net.valuePaise);
  });

  it("is empty for a month with no documents, and refuses a month that is not one", async () => {
    const empty = await gstr1Figures(t.db, { month: "2029-06" });
    expect(empty).toMatchObject({
      documents: 0,
      demoDocuments: 0,
      b2b: [],
      b2cl: [],
      b2cs: [],
      creditNotes: [],
      hsnB2b: [],
      hsnB2c: [],
    });
    expect(empty.net).toEqual(sumOf([]));
    await expect(gstr1Figures(t.db, { month: "2029-13" })).rejects.toThrow();
    await expect(gstr1Figures(t.db, { month: "2017-06" })).rejects.toThrow();
  });

  it("counts the demo store's documents, which are not tax invoices", async () => {
    await updateSettings(t.db, noGstSeller);
    try {
      const car = await createProduct(t, { category: "car" });
      const demo = await createOrder(t, {
        status: "payment_pending",
        state: "Gujarat",
        lines: [{ quantity: 1, unitPricePaise: 499_900, productId: car.id, model: car.model }],
      });
      await pay(demo, at("2029-10-03"));
    } finally {
      await updateSettings(t.db, seller);
    }
    const october = await gstr1Figures(t.db, { month: "2029-10" });
    expect(october).toMatchObject({ documents: 1, demoDocuments: 1 });
    expect(october.b2cs).toHaveLength(1);
  });
});
