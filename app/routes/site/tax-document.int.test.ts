/**
 * Issue 24: a customer's invoice and credit note pages and PDFs are theirs alone (another's is a
 * 404, a visitor signs in first), the back office sees any, the PDF is made once and kept, and
 * the paid mail links it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taxDocuments } from "~/db/schema";
import { changeOrderStatus } from "~/features/orders/orders.server";
import { updateSettings } from "~/features/settings/settings.server";
import { createOrder, createProduct, createUser, type TestUser } from "../../../tests/factories";
import { callRoute, orderOptions, statusOf } from "../../../tests/helpers/app-context";
import { pdfText } from "../../../tests/helpers/pdf-text";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as accountOrder from "./account-order";
import * as page from "./tax-document";
import * as pdf from "./tax-document-pdf";

let t: TestDatabase;
let admin: TestUser;
let owner: TestUser;
let other: TestUser;
let order: Awaited<ReturnType<typeof createOrder>>;

beforeAll(async () => {
  t = await createTestDatabase();
  await updateSettings(t.db, {
    sellerLegalName: "UrjaCell Batteries Private Limited",
    sellerAddress: "14 Ashram Road, Navrangpura, Ahmedabad 380009",
    sellerState: "Gujarat",
    sellerGstin: "24AAACC1206D1ZM",
  });
  [admin, owner, other] = await Promise.all([
    createUser(t, { role: "admin" }),
    createUser(t),
    createUser(t),
  ]);
  const product = await createProduct(t, { category: "inverter", model: "INV-150AH-TT" });
  order = await createOrder(t, {
    userId: owner.id,
    status: "payment_pending",
    state: "Gujarat",
    buyerGstin: "27AAPFU0939F1ZV",
    buyerLegalName: "Patel Transport LLP",
    lines: [
      { quantity: 1, unitPricePaise: 1_499_900, productId: product.id, model: product.model },
    ],
  });
  await changeOrderStatus(
    t.db,
    { number: order.number, to: "paid" },
    { id: admin.id, as: "admin" },
    {
      ...orderOptions,
      now: new Date("2026-11-26T04:30:00Z"),
    },
  );
});
afterAll(async () => {
  await t?.close();
});

const invoicePath = () => `/account/orders/${order.number}/invoice`;
const params = (document = "invoice") => ({ number: String(order.number), document });

async function download(cookie: string, slug = "invoice") {
  return callRoute(t, pdf.loader, `${invoicePath().replace(/invoice$/, slug)}.pdf`, {
    cookie,
    params: { number: String(order.number) },
  });
}

describe("an order's tax invoice", () => {
  it("shows its customer the invoice to print, with the business's GSTIN, and links it from the order", async () => {
    const shown = (await callRoute(t, page.loader, invoicePath(), {
      cookie: owner.cookie,
      params: params(),
    })) as Awaited<ReturnType<typeof page.loader>>;
    expect(shown.document).toMatchObject({
      kind: "invoice",
      orderNumber: order.number,
      buyer: { gstin: "27AAPFU0939F1ZV", name: "Patel Transport LLP" },
      placeOfSupply: { state: "Maharashtra", stateCode: "27" },
      intraState: false,
    });
    expect(shown.document.lines[0]?.hsn).toBe("850720");
    const orderPage = (await callRoute(t, accountOrder.loader, `/account/orders/${order.number}`, {
      cookie: owner.cookie,
      params: { number: String(order.number) },
    })) as { documents: { number: string }[] };
    expect(orderPage.documents.map((d) => d.number)).toEqual([shown.document.number]);
  });

  it("is a PDF to download, made once and then the same bytes", async () => {
    const first = (await download(owner.cookie)) as Response;
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/pdf");
    expect(first.headers.get("Content-Disposition")).toMatch(/filename="UC-26-27-\d{6}\.pdf"/);
    const bytes = new Uint8Array(await first.arrayBuffer());
    const text = await pdfText(bytes);
    expect(text).toContain("27AAPFU0939F1ZV");
    expect(text).toContain("850720");
    const [kept] = await t.db
      .select({ pdf: taxDocuments.pdf })
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, order.id));
    expect(kept?.pdf).toEqual(bytes);
    const again = (await download(admin.cookie)) as Response;
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
  });

  it("is a 404 to another customer, a sign-in to a visitor, and any order's to the back office", async () => {
    expect(
      statusOf(
        await callRoute(t, page.loader, invoicePath(), { cookie: other.cookie, params: params() }),
      ),
    ).toBe(404);
    expect(statusOf(await download(other.cookie))).toBe(404);
    const visitor = await callRoute(t, page.loader, invoicePath(), {
      cookie: "",
      params: params(),
    });
    expect(statusOf(visitor)).toBe(302);
    expect((visitor as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(
      statusOf(
        await callRoute(t, page.loader, invoicePath(), { cookie: admin.cookie, params: params() }),
      ),
    ).toBe(200);
  });

  it("is a 404 for a document the order does not have, a kind that does not exist, or an order that does not", async () => {
    expect(
      statusOf(
        await callRoute(t, page.loader, invoicePath(), {
          cookie: owner.cookie,
          params: params("credit-note"),
        }),
      ),
    ).toBe(404);
    expect(
      statusOf(
        await callRoute(t, page.loader, invoicePath(), {
          cookie: owner.cookie,
          params: params("receipt"),
        }),
      ),
    ).toBe(404);
    expect(
      statusOf(
        await callRoute(t, page.loader, "/account/orders/99999999/invoice", {
          cookie: owner.cookie,
          params: { number: "99999999", document: "invoice" },
        }),
      ),
    ).toBe(404);
  });

  it("is linked from the mail telling the customer their order is paid", async () => {
    await t.deliverMail();
    const paidMail = t.sentMail.find(
      (mail) => mail.to === owner.email && /: Paid$/.test(mail.subject),
    );
    expect(paidMail?.text).toMatch(
      new RegExp(
        `Tax invoice UC/26-27/\\d{6} of .*\\(PDF\\): http://localhost:3000/account/orders/${order.number}/invoice\\.pdf`,
      ),
    );
  });
});
