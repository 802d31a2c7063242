/**
 * Issue 24: the GST returns page and its CSV downloads are the admin's alone; a month that is not
 * one is a 400 with the error for the field; each CSV has the offline tool's headers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gstr1Messages } from "~/features/gst/gstr1.messages";
import { changeOrderStatus } from "~/features/orders/orders.server";
import { updateSettings } from "~/features/settings/settings.server";
import { parseCsv } from "~/lib/csv";
import { indiaDayOf } from "~/lib/india-time";
import {
  createOrder,
  createProduct,
  createUser,
  gstSeller,
  type TestUser,
} from "../../../tests/factories";
import { callRoute, orderOptions, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { loader as exportLoader } from "./export-gst";
import { loader as pageLoader } from "./gst";

let t: TestDatabase;
let admin: TestUser;
let customer: TestUser;
let business: { number: number; invoiceNumber: string };

/** February 2030: a business's invoice; a consumer's January invoice undone in February. */
const MONTH = "2030-02";

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin" });
  customer = await createUser(t);
  await updateSettings(t.db, gstSeller);
  const car = await createProduct(t, { category: "car" });
  const change = async (number: number, to: "paid" | "cancelled", day: string) =>
    changeOrderStatus(
      t.db,
      { number, to },
      { id: admin.id, as: "admin" },
      {
        ...orderOptions,
        now: new Date(`${day}T10:00:00+05:30`),
      },
    );
  const line = { quantity: 2, unitPricePaise: 549_950, productId: car.id, model: car.model };
  const order = await createOrder(t, {
    status: "payment_pending",
    state: "Gujarat",
    buyerGstin: "27AAPFU0939F1ZV",
    // A name that starts like a formula: the CSV defuses it.
    buyerLegalName: "=Patel Transport, LLP",
    lines: [line],
  });
  await change(order.number, "paid", "2030-02-26");
  const consumer = await createOrder(t, {
    status: "payment_pending",
    state: "Kerala",
    lines: [{ ...line, quantity: 1 }],
  });
  await change(consumer.number, "paid", "2030-01-20");
  await change(consumer.number, "cancelled", "2030-02-03");
  const figures = await pageLoaderAs(admin, `?month=${MONTH}`);
  business = {
    number: order.number,
    invoiceNumber: (figures as { figures: { b2b: { invoiceNumber: string }[] } }).figures.b2b[0]
      ?.invoiceNumber as string,
  };
});
afterAll(async () => {
  await t?.close();
});

function pageLoaderAs(user: TestUser | null, query = "") {
  return callRoute(t, pageLoader as never, `/admin/gst${query}`, { cookie: user?.cookie ?? "" });
}
function exportAs(user: TestUser | null, query: string) {
  return callRoute(t, exportLoader as never, `/admin/gst/export${query}`, {
    cookie: user?.cookie ?? "",
  });
}
type PageData = {
  month: string;
  error: string | null;
  figures: { documents: number; b2b: unknown[] } | null;
};
const dataOf = (result: unknown) => ((result as { data?: PageData }).data ?? result) as PageData;

/** A CSV download's rows, the byte-order mark aside. */
async function csvRows(result: unknown): Promise<string[][]> {
  const response = result as Response;
  return parseCsv(await response.text()).map((record) => record.cells);
}

describe("the GST returns page", () => {
  it("refuses a visitor and a customer, the page and its downloads alike", async () => {
    for (const run of [
      (user: TestUser | null) => pageLoaderAs(user, `?month=${MONTH}`),
      (user: TestUser | null) => exportAs(user, `?month=${MONTH}&section=b2b`),
    ]) {
      const visitor = await run(null);
      expect(statusOf(visitor)).toBe(302);
      expect((visitor as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
      expect(statusOf(await run(customer))).toBe(403);
    }
  });

  it("shows the month asked for, and this month in India when none is", async () => {
    const asked = dataOf(await pageLoaderAs(admin, `?month=${MONTH}`));
    expect(asked).toMatchObject({ month: MONTH, error: null });
    expect(asked.figures?.documents).toBe(2);
    // Whatever the hour: the month in India before or after the request (a month's edge).
    const before = indiaDayOf(new Date()).slice(0, 7);
    const current = dataOf(await pageLoaderAs(admin));
    const after = indiaDayOf(new Date()).slice(0, 7);
    expect([before, after]).toContain(current.month);
    expect(current.error).toBeNull();
  });

  it("answers a month that is not one with a 400 and the error for the field", async () => {
    for (const [typed, message] of [
      ["2030-13", gstr1Messages.monthShape],
      ["Feb 2030", gstr1Messages.monthShape],
      ["", gstr1Messages.monthMissing],
      ["2017-06", gstr1Messages.monthRange],
    ] as const) {
      const result = await pageLoaderAs(admin, `?month=${encodeURIComponent(typed)}`);
      expect(statusOf(result), typed).toBe(400);
      expect(dataOf(result), typed).toEqual({ month: typed, error: message, figures: null });
    }
  });
});

/** Each section's header, as the GST offline tool's CSV template has it. */
const templateHeaders: Record<string, string> = {
  b2b: "GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount",
  b2cl: "Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN",
  b2cs: "Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN",
  cdnr: "GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount",
  cdnur:
    "UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount",
  "hsn-b2b":
    "HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount",
  "hsn-b2c":
    "HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount",
};

describe("the GST returns' CSV downloads", () => {
  it("start with the offline tool's template headers, an empty section's too, named by month and section", async () => {
    for (const [section, header] of Object.entries(templateHeaders)) {
      const result = await exportAs(admin, `?month=${MONTH}&section=${section}`);
      expect(statusOf(result), section).toBe(200);
      const response = result as Response;
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBe(
        `attachment; filename="gstr1-2030-02-${section}.csv"`,
      );
      expect((await csvRows(response))[0], section).toEqual(header.split(","));
    }
  });

  it("write B2B invoices in rupees with dd-Mmm-yyyy days, a formula-like name defused", async () => {
    const [, ...rows] = await csvRows(await exportAs(admin, `?month=${MONTH}&section=b2b`));
    // 2 x 5,499.50 = 10,999.00 inclusive of 18 % IGST: taxable 10,999 x 100 / 118 = 9,321.19.
    expect(rows).toEqual([
      [
        "27AAPFU0939F1ZV",
        "'=Patel Transport, LLP",
        business.invoiceNumber,
        "26-Feb-2030",
        "10999.00",
        "27-Maharashtra",
        "N",
        "",
        "Regular B2B",
        "",
        "18",
        "9321.19",
        "0.00",
      ],
    ]);
  });

  it("write B2C small net of a credit note for an earlier month's invoice, negative when more went back", async () => {
    const [, ...rows] = await csvRows(await exportAs(admin, `?month=${MONTH}&section=b2cs`));
    // 5,499.50 taken back: taxable 4,660.59 (5,499.50 x 100 / 118), a number, not defused text.
    expect(rows).toEqual([["OE", "32-Kerala", "", "18", "-4660.59", "0.00", ""]]);
    const [, ...hsn] = await csvRows(await exportAs(admin, `?month=${MONTH}&section=hsn-b2c`));
    expect(hsn).toEqual([
      [
        "850710",
        "",
        "NOS-NUMBERS",
        "-1",
        "-5499.50",
        "18",
        "-4660.59",
        "-838.91",
        "0.00",
        "0.00",
        "0.00",
      ],
    ]);
  });

  it("answers a month or section that is not one with a 400 saying what is wrong", async () => {
    const badMonth = (await exportAs(admin, "?month=2030-2&section=b2b")) as Response;
    expect(badMonth.status).toBe(400);
    expect(await badMonth.text()).toBe(gstr1Messages.monthShape);
    const badSection = (await exportAs(admin, `?month=${MONTH}&section=gstr3b`)) as Response;
    expect(badSection.status).toBe(400);
    expect(await badSection.text()).toBe(gstr1Messages.sectionUnknown);
  });
});
