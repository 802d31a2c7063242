/**
 * Issue 24: a paid order's tax invoice is made with the payment and never twice, numbered from a
 * gap-free series per financial year; a paid order cancelled gets one credit note; an issued
 * document never changes (ADR 033).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, taxDocuments } from "~/db/schema";
import { changeOrderStatus } from "~/features/orders/orders.server";
import { updateSettings } from "~/features/settings/settings.server";
import { DomainError } from "~/lib/errors";
import { createOrder, createProduct, createUser } from "../../../tests/factories";
import { orderOptions } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { gstMessages } from "./gst.messages";
import {
  issueCreditNote,
  issueInvoice,
  issueMissingInvoice,
  readTaxDocument,
  taxDocumentsOfOrders,
} from "./invoices.server";

let t: TestDatabase;
let admin: { id: string; as: "admin" };
const seller = {
  sellerLegalName: "UrjaCell Batteries Private Limited",
  sellerAddress: "14 Ashram Road\nNavrangpura, Ahmedabad 380009",
  sellerState: "Gujarat",
  sellerGstin: "24AAACC1206D1ZM",
} as const;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = { id: (await createUser(t, { role: "admin" })).id, as: "admin" };
  await updateSettings(t.db, seller);
});
afterAll(async () => {
  await t?.close();
});

/** 26 Nov 2026, 10:00 in India. */
const now = new Date("2026-11-26T04:30:00Z");
const liveStore = { publicUrl: "https://www.urjacell.in" };

async function pendingOrder(overrides: Parameters<typeof createOrder>[1] = {}) {
  const product = await createProduct(t, { category: "car" });
  return createOrder(t, {
    status: "payment_pending",
    state: "Gujarat",
    lines: [{ quantity: 2, unitPricePaise: 549_900, productId: product.id, model: product.model }],
    ...overrides,
  });
}

async function pay(number: number, at = now) {
  await changeOrderStatus(t.db, { number, to: "paid" }, admin, { ...orderOptions, now: at });
}

async function documentsOf(orderId: number) {
  return (await taxDocumentsOfOrders(t.db, [orderId])).get(orderId) ?? [];
}

describe("a paid order's tax invoice", () => {
  it("is made when the admin marks it paid, dated that day in India, and never twice", async () => {
    const order = await pendingOrder();
    expect(await documentsOf(order.id)).toEqual([]);
    await pay(order.number);
    const [invoice, ...more] = await documentsOf(order.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ kind: "invoice", issuedOn: "2026-11-26", demo: false });
    expect(invoice?.number).toMatch(/^UC\/26-27\/\d{6}$/);

    // Shipped and delivered later: still the one invoice; asking again gives it back.
    await changeOrderStatus(
      t.db,
      { number: order.number, to: "shipped", courier: "own_delivery" },
      admin,
      orderOptions,
    );
    const again = await t.db.transaction((tx) => issueInvoice(tx, order.id, { now, ...liveStore }));
    expect(again?.number).toBe(invoice?.number);
    expect(await documentsOf(order.id)).toHaveLength(1);

    const printed = await readTaxDocument(t.db, invoice?.id ?? 0);
    expect(printed.seller).toMatchObject({
      name: seller.sellerLegalName,
      addressLines: ["14 Ashram Road", "Navrangpura, Ahmedabad 380009"],
      stateCode: "24",
      gstin: seller.sellerGstin,
    });
    expect(printed.intraState).toBe(true);
    expect(printed.totals.totalPaise).toBe(order.totalPaise);
    expect(printed.totals.igstPaise).toBe(0);
    expect(printed.lines[0]).toMatchObject({ hsn: "850710", quantity: 2, rateBasisPoints: 1800 });
    expect(printed.amountInWords).toBe("Rupees Ten Thousand Nine Hundred Ninety-Eight Only");
  });

  it("charges IGST to another state, and a business's invoice follows its GSTIN's state", async () => {
    const kerala = await pendingOrder({ state: "Kerala" });
    await pay(kerala.number);
    const [keralaInvoice] = await documentsOf(kerala.id);
    const toKerala = await readTaxDocument(t.db, keralaInvoice?.id ?? 0);
    expect(toKerala.placeOfSupply).toEqual({ state: "Kerala", stateCode: "32" });
    expect(toKerala.intraState).toBe(false);
    expect(toKerala.totals.cgstPaise + toKerala.totals.sgstPaise).toBe(0);
    expect(toKerala.totals.igstPaise).toBeGreaterThan(0);

    // Delivered in Gujarat to a business registered in Maharashtra: bill to, ship to.
    const business = await pendingOrder({
      state: "Gujarat",
      buyerGstin: "27AAPFU0939F1ZV",
      buyerLegalName: "Patel Transport LLP",
    });
    await pay(business.number);
    const [businessInvoice] = await documentsOf(business.id);
    const b2b = await readTaxDocument(t.db, businessInvoice?.id ?? 0);
    expect(b2b.buyer).toMatchObject({ name: "Patel Transport LLP", gstin: "27AAPFU0939F1ZV" });
    expect(b2b.buyer.addressLines[0]).toBe("Attn: Asha Kumari");
    expect(b2b.placeOfSupply).toEqual({ state: "Maharashtra", stateCode: "27" });
    expect(b2b.intraState).toBe(false);
  });

  it("takes 20 consecutive numbers for 20 orders paid at once (a smoke check on PGlite)", async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => pendingOrder()));
    // A financial year of its own, so the series starts at 1 here.
    const at = new Date("2031-06-01T06:00:00Z");
    await Promise.all(orders.map((order) => pay(order.number, at)));
    const numbers = await t.db
      .select({ number: taxDocuments.number })
      .from(taxDocuments)
      .where(eq(taxDocuments.financialYear, 2031));
    expect(numbers.map((row) => row.number).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `UC/31-32/${String(i + 1).padStart(6, "0")}`),
    );
  });

  it("restarts its series on 1 April, India's calendar", async () => {
    const march = await pendingOrder();
    const april = await pendingOrder();
    // 23:59 on 31 March 2033 in India, then 00:00 on 1 April.
    await pay(march.number, new Date("2033-03-31T18:29:00Z"));
    await pay(april.number, new Date("2033-03-31T18:30:00Z"));
    expect((await documentsOf(march.id))[0]).toMatchObject({
      number: "UC/32-33/000001",
      issuedOn: "2033-03-31",
    });
    expect((await documentsOf(april.id))[0]).toMatchObject({
      number: "UC/33-34/000001",
      issuedOn: "2033-04-01",
    });
  });

  it("gives its number back when the payment's transaction fails", async () => {
    const at = new Date("2034-05-01T06:00:00Z");
    const failing = await pendingOrder();
    await expect(
      t.db.transaction(async (tx) => {
        await issueInvoice(tx, failing.id, { now: at, ...liveStore });
        throw new Error("the payment failed after the invoice");
      }),
    ).rejects.toThrow("the payment failed");
    const next = await pendingOrder();
    await pay(next.number, at);
    expect((await documentsOf(next.id))[0]?.number).toBe("UC/34-35/000001");
    expect(await documentsOf(failing.id)).toEqual([]);
  });

  it("is made when a pay-on-installation order is delivered", async () => {
    const order = await pendingOrder({ status: "shipped", paymentMethod: "on_installation" });
    await changeOrderStatus(t.db, { number: order.number, to: "delivered" }, admin, {
      ...orderOptions,
      now,
    });
    const [invoice] = await documentsOf(order.id);
    expect(invoice?.kind).toBe("invoice");
    expect((await readTaxDocument(t.db, invoice?.id ?? 0)).payment.method).toBe("on_installation");
  });

  it("never changes once issued: the settings changing later alter nothing, and the database refuses edits", async () => {
    const order = await pendingOrder();
    await pay(order.number);
    const [invoice] = await documentsOf(order.id);
    const before = await readTaxDocument(t.db, invoice?.id ?? 0);
    await updateSettings(t.db, { sellerLegalName: "Someone Else Pvt Ltd", gstPercent: 28 });
    try {
      expect(await readTaxDocument(t.db, invoice?.id ?? 0)).toEqual(before);
    } finally {
      await updateSettings(t.db, { sellerLegalName: seller.sellerLegalName, gstPercent: 18 });
    }
    await expect(
      t.db.execute(sql`update tax_documents set total_paise = 1 where id = ${invoice?.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`delete from tax_documents where id = ${invoice?.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(
        sql`update tax_document_lines set hsn = '8507' where document_id = ${invoice?.id}`,
      ),
    ).rejects.toThrow();
    // Its PDF may be stored once, and then never replaced.
    await t.db.execute(sql`update tax_documents set pdf = '\\x25504446' where id = ${invoice?.id}`);
    await expect(
      t.db.execute(sql`update tax_documents set pdf = '\\x00' where id = ${invoice?.id}`),
    ).rejects.toThrow();
  });
});

describe("a paid order cancelled", () => {
  it("gets one credit note from its own series, referring to the invoice, every amount negated", async () => {
    const order = await pendingOrder({ shippingPaise: 9900, totalPaise: 2 * 549_900 + 9900 });
    await pay(order.number);
    const cancelledAt = new Date("2026-11-28T05:00:00Z");
    await changeOrderStatus(t.db, { number: order.number, to: "cancelled" }, admin, {
      ...orderOptions,
      now: cancelledAt,
    });
    const [invoice, creditNote, ...more] = await documentsOf(order.id);
    expect(more).toEqual([]);
    expect(creditNote).toMatchObject({ kind: "credit_note", issuedOn: "2026-11-28" });
    expect(creditNote?.number).toMatch(/^CN\/26-27\/\d{6}$/);
    const original = await readTaxDocument(t.db, invoice?.id ?? 0);
    const credit = await readTaxDocument(t.db, creditNote?.id ?? 0);
    expect(credit.refersTo).toEqual({ number: original.number, issuedOn: original.issuedOn });
    expect(credit.totals).toEqual({
      taxablePaise: -original.totals.taxablePaise,
      cgstPaise: -original.totals.cgstPaise,
      sgstPaise: -original.totals.sgstPaise,
      igstPaise: 0,
      totalPaise: -order.totalPaise,
    });
    expect(credit.lines.map((line) => line.kind)).toEqual(["goods", "shipping"]);
    // Asked again (a retried request): the same one.
    const again = await t.db.transaction((tx) =>
      issueCreditNote(tx, order.id, { now: cancelledAt }),
    );
    expect(again?.number).toBe(creditNote?.number);
  });

  it("gets no credit note when it was never paid", async () => {
    const order = await pendingOrder();
    await changeOrderStatus(t.db, { number: order.number, to: "cancelled" }, admin, orderOptions);
    expect(await documentsOf(order.id)).toEqual([]);
  });
});

describe("before the seller's GST details are set", () => {
  it("issues the demo store's invoice on this machine, none elsewhere, and the missing one later, dated the day it was paid", async () => {
    await updateSettings(t.db, {
      sellerLegalName: null,
      sellerAddress: null,
      sellerState: null,
      sellerGstin: null,
    });
    try {
      const demo = await pendingOrder();
      await pay(demo.number);
      const [demoInvoice] = await documentsOf(demo.id);
      expect(demoInvoice?.demo).toBe(true);
      expect((await readTaxDocument(t.db, demoInvoice?.id ?? 0)).seller.gstin).toBeNull();

      const live = await pendingOrder();
      await changeOrderStatus(t.db, { number: live.number, to: "paid" }, admin, {
        ...liveStore,
        now: new Date("2026-11-20T06:00:00Z"),
      });
      expect(await documentsOf(live.id)).toEqual([]);
      await expect(issueMissingInvoice(t.db, live.number, admin, liveStore)).rejects.toBeInstanceOf(
        DomainError,
      );

      await updateSettings(t.db, seller);
      // The paid event was stored at the database's time; the invoice takes that day.
      const issued = await issueMissingInvoice(t.db, live.number, admin, liveStore);
      const [liveInvoice] = await documentsOf(live.id);
      expect(liveInvoice).toMatchObject({ number: issued.number, demo: false });

      // Pressed again (a second tab): refused, and no second audit entry says it was issued.
      const audited = () =>
        t.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(live.number)));
      const entries = (await audited()).length;
      const again = issueMissingInvoice(t.db, live.number, admin, liveStore);
      await expect(again).rejects.toMatchObject({
        status: 409,
        message: gstMessages.invoiceAlready(issued.number),
      });
      expect(await audited()).toHaveLength(entries);
      expect(await documentsOf(live.id)).toHaveLength(1);
    } finally {
      await updateSettings(t.db, seller);
    }
  });

  it("refuses to issue an invoice for an order not paid", async () => {
    const order = await pendingOrder();
    await expect(issueMissingInvoice(t.db, order.number, admin, liveStore)).rejects.toBeInstanceOf(
      DomainError,
    );
  });
});
