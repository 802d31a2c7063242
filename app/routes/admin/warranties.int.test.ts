import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { warrantyClaims } from "~/db/schema";
import { warrantyMessages as m } from "~/features/warranty/warranty.messages";
import { raiseClaim } from "~/features/warranty/warranty.server";
import { parseCsv } from "~/lib/csv";
import { addDays, indiaDayOf } from "~/lib/india-time";
import {
  createOrder,
  createOutlet,
  createProduct,
  createUser,
  createWarranty,
  type TestUser,
} from "../../../tests/factories";
import {
  callRoute,
  failureOf,
  flashMessageOf,
  statusOf,
  TEST_PUBLIC_URL,
} from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as dashboardRoute from "./dashboard";
import * as exportRoute from "./export-warranties";
import * as listRoute from "./warranties";
import * as detailRoute from "./warranty";

let t: TestDatabase;
let admin: TestUser;
let centreId: number;
// The pages read the real clock: the batteries are bought a month before today, whatever today is.
const bought = addDays(indiaDayOf(new Date()), -30);

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin", name: "Desk Admin" });
  centreId = (await createOutlet(t, { kind: "service_centre" })).id;
});
afterAll(async () => {
  await t?.close();
});

type Handler = (args: never) => unknown;

const call = (
  handler: Handler,
  path: string,
  values?: Record<string, string>,
  params: Record<string, string> = {},
  cookie = admin.cookie,
) => callRoute(t, handler, path, { cookie, values, params });

type List = Awaited<ReturnType<typeof listRoute.loader>>;
const listOf = async (search: string) =>
  ((await call(listRoute.loader as Handler, `/admin/warranties${search}`)) as List).list;

/** A registration of its own owner with a claim raised on it (Submitted). */
async function withClaim() {
  const product = await createProduct(t);
  const owner = await createUser(t);
  const registration = await createWarranty(t, {
    productId: product.id,
    purchaseDate: bought,
    userId: owner.id,
  });
  const { claim } = await raiseClaim(
    t.db,
    {
      registrationId: registration.id,
      problem: "low_backup",
      details: null,
      centreId,
      date: null,
      time: null,
      email: owner.email,
    },
    { by: "owner", userId: owner.id },
    { publicUrl: TEST_PUBLIC_URL },
  );
  return { product, owner, registration, claim };
}

/** Posts the claim desk of registration `id`. */
const desk = (id: number) => (values: Record<string, string>) =>
  call(
    detailRoute.action as Handler,
    `/admin/warranties/${id}`,
    { intent: "move", ...values },
    { id: String(id) },
  );

describe("the warranty list", () => {
  it("finds a battery by its serial as typed, its owner's mobile or name, and its order", async () => {
    const product = await createProduct(t);
    const customer = await createUser(t);
    const order = await createOrder(t, {
      userId: customer.id,
      status: "delivered",
      lines: [{ productId: product.id, quantity: 1 }],
    });
    const mine = await createWarranty(t, {
      productId: product.id,
      purchaseDate: bought,
      serial: "UCLIST48A1",
      firstName: "Meera",
      lastName: "Shah",
      mobile: "9123456780",
      orderId: order.id,
    });
    await createWarranty(t, { productId: product.id, purchaseDate: bought });

    for (const search of ["?q=ucl-ist 48", "?q=%2B91%2091234%2056780", "?q=meera%20shah"]) {
      const list = await listOf(search);
      expect(
        list.rows.map((row) => row.id),
        search,
      ).toEqual([mine.id]);
    }
    const [row] = (await listOf("?q=UCLIST48A1")).rows;
    expect(row).toMatchObject({
      serial: "UCLIST48A1",
      name: "Meera Shah",
      mobile: "9123456780",
      orderNumber: order.number,
      status: "active",
      openClaim: null,
    });
    // By model: both of this product's batteries, and no other.
    const byModel = await listOf(`?product=${product.id}`);
    expect(byModel.total).toBe(2);
  });

  it("filters by status, shows the open claim, and drops a filter it does not know", async () => {
    const { registration, claim } = await withClaim();
    const open = await listOf("?status=claim_open");
    const row = open.rows.find((r) => r.id === registration.id);
    expect(row).toMatchObject({
      status: "claim_open",
      openClaim: { reference: claim.reference, status: "submitted" },
    });
    expect(open.rows.every((r) => r.status === "claim_open")).toBe(true);
    expect((await listOf("?status=active")).rows.map((r) => r.id)).not.toContain(registration.id);
    const junk = (await call(
      listRoute.loader as Handler,
      "/admin/warranties?status=lost&product=abc&page=-2",
    )) as List;
    expect(junk.query).toMatchObject({ status: undefined, product: undefined, page: 1 });
  });

  it("counts the open claims on the dashboard, linking to the filtered list", async () => {
    await withClaim();
    const open = await t.db
      .select()
      .from(warrantyClaims)
      .where(ne(warrantyClaims.status, "closed"));
    type Dashboard = Awaited<ReturnType<typeof dashboardRoute.loader>>;
    const data = (await call(dashboardRoute.loader as Handler, "/admin")) as Dashboard;
    expect(data.waiting.openClaims).toBe(open.length);
  });
});

describe("the CSV export", () => {
  it("exports the filtered registrations with formula-safe cells", async () => {
    const product = await createProduct(t);
    await createWarranty(t, {
      productId: product.id,
      purchaseDate: bought,
      serial: "UCCSV00001",
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: "@SUM(A1)",
    });
    await createWarranty(t, { productId: product.id, purchaseDate: bought, serial: "UCCSV00002" });
    const response = (await call(
      exportRoute.loader as Handler,
      "/admin/warranty/export?q=UCCSV00001",
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const [header, ...rows] = parseCsv(await response.text()).map((record) => record.cells);
    expect(header?.slice(0, 3)).toEqual(["Serial No.", "Model", "Status"]);
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0]?.[header?.indexOf(name) ?? -1];
    expect(cell("Serial No.")).toBe("UCCSV00001");
    expect(cell("First name")).toBe('\'=HYPERLINK("http://evil.example")');
    expect(cell("Last name")).toBe("'@SUM(A1)");
    expect(cell("Status")).toBe("Active");
  });

  it("is refused to a customer", async () => {
    const customer = await createUser(t);
    const result = await call(
      exportRoute.loader as Handler,
      "/admin/warranty/export",
      undefined,
      {},
      customer.cookie,
    );
    expect(statusOf(result)).toBe(403);
  });
});

describe("the claim desk", () => {
  it("shows a registration with its claims and the moves allowed; another id is a 404", async () => {
    const { registration, claim, owner } = await withClaim();
    type Detail = Awaited<ReturnType<typeof detailRoute.loader>>;
    const data = (await call(
      detailRoute.loader as Handler,
      `/admin/warranties/${registration.id}`,
      undefined,
      { id: String(registration.id) },
    )) as Detail;
    expect(data.registration).toMatchObject({
      id: registration.id,
      owner: { email: owner.email },
      status: "claim_open",
    });
    expect(data.registration.claims).toMatchObject([
      { id: claim.id, status: "submitted", next: ["inspection", "rejected"] },
    ]);
    for (const id of ["999999", "abc", "2147483648"]) {
      const missing = await call(
        detailRoute.loader as Handler,
        `/admin/warranties/${id}`,
        undefined,
        { id },
      );
      expect(statusOf(missing), id).toBe(404);
    }
  });

  it("moves a claim to Inspection, then Approved with a pro-rata discount, refusing what is missing", async () => {
    const { registration, claim } = await withClaim();
    const post = desk(registration.id);
    const claimId = String(claim.id);

    // Not yet: a submitted claim is inspected first.
    const early = await post({ claimId, to: "approved", outcome: "replacement" });
    expect(statusOf(early)).toBe(400);
    expect(failureOf(early).formError).toBe(m.claimMoveRefused("submitted", "approved"));

    const inspected = await post({ claimId, to: "inspection", note: "Bring it on Monday" });
    expect(statusOf(inspected)).toBe(302);
    expect(flashMessageOf(inspected)).toBe(m.claimMoved(claim.reference, "Inspection"));

    // Pro-rata without a discount: refused next to its field, the typed values kept.
    const noDiscount = await post({
      claimId,
      to: "approved",
      outcome: "pro_rata",
      discount: "",
      note: "Cells worn",
    });
    expect(statusOf(noDiscount)).toBe(400);
    expect(failureOf(noDiscount).fieldErrors).toEqual({ discount: m.discount });
    expect(failureOf(noDiscount).values).toMatchObject({ outcome: "pro_rata", note: "Cells worn" });
    const noOutcome = await post({ claimId, to: "approved" });
    expect(failureOf(noOutcome).fieldErrors).toEqual({ outcome: m.outcome });
    const noReason = await post({ claimId, to: "rejected", rejectReason: " " });
    expect(failureOf(noReason).fieldErrors).toEqual({ rejectReason: m.rejectReason });
    const [unchanged] = await t.db
      .select({ status: warrantyClaims.status })
      .from(warrantyClaims)
      .where(eq(warrantyClaims.id, claim.id));
    expect(unchanged?.status).toBe("inspection");

    const approved = await post({
      claimId,
      to: "approved",
      outcome: "pro_rata",
      discount: "1,200",
      note: "Cells worn",
    });
    expect(flashMessageOf(approved)).toBe(m.claimMoved(claim.reference, "Approved"));
    const [stored] = await t.db
      .select()
      .from(warrantyClaims)
      .where(eq(warrantyClaims.id, claim.id));
    expect(stored).toMatchObject({
      status: "approved",
      outcome: "pro_rata",
      discountPaise: 120_000,
    });
  });

  it("answers a claim that is not there, or not this battery's, with a 404", async () => {
    const first = await withClaim();
    const second = await withClaim();
    for (const claimId of ["abc", "0", "999999", String(second.claim.id)]) {
      const result = await desk(first.registration.id)({ claimId, to: "inspection" });
      expect(statusOf(result), claimId).toBe(404);
    }
    const [untouched] = await t.db
      .select({ status: warrantyClaims.status })
      .from(warrantyClaims)
      .where(eq(warrantyClaims.id, second.claim.id));
    expect(untouched?.status).toBe("submitted");
  });
});
