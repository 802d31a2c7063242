import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { updateProduct } from "~/features/catalog/product-admin.server";
import {
  createOutlet,
  createProduct,
  createUser,
  productFormOf,
  type TestUser,
} from "../../../tests/factories";
import { callRoute, orderOptions } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as auditRoute from "./audit";
import * as exportRoute from "./export-audit";

let t: TestDatabase;
let desk: TestUser;
let other: TestUser;
let productId: number;
let dealerId: number;

type Page = Awaited<ReturnType<typeof auditRoute.loader>>;
const list = async (search = "") =>
  (await callRoute(t, auditRoute.loader as never, `/admin/audit${search}`, {
    cookie: desk.cookie,
  })) as Page;
const csv = async (search = "") => {
  const answer = (await callRoute(t, exportRoute.loader as never, `/admin/audit/export${search}`, {
    cookie: desk.cookie,
  })) as Response;
  return { answer, text: await answer.text() };
};

beforeAll(async () => {
  t = await createTestDatabase();
  desk = await createUser(t, { role: "admin", name: "Desk Admin", email: "desk@example.in" });
  other = await createUser(t, { role: "admin", name: "Other Admin" });
  const product = await createProduct(t, { pricePaise: 600_000, stock: 4 });
  productId = product.id;
  await updateProduct(
    t.db,
    productFormOf(product, { price: 650_000, mrp: 700_000, stock: 9 }),
    desk,
    orderOptions,
  );
  dealerId = (await createOutlet(t, { kind: "dealer" })).id;
  await recordAudit(t.db, other, "outlet", dealerId, { name: "Old" }, { name: "New" });
  // Around midnight in India on 23 Nov 2026 (18:30 UTC on the 22nd), by no one (the system).
  await t.db.insert(auditLog).values([
    {
      action: "order.status",
      entity: "order",
      entityId: "10001",
      details: { from: { status: "paid" }, to: { status: "shipped" } },
      createdAt: new Date("2026-11-22T18:29:00Z"),
    },
    {
      action: "order.status",
      entity: "order",
      entityId: "10002",
      details: { from: { status: "paid" }, to: { status: "cancelled" } },
      createdAt: new Date("2026-11-22T18:31:00Z"),
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe("the audit log's entries are kept for good", () => {
  it("refuses UPDATE and DELETE in the database itself", async () => {
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, "10001"));
    if (!row) throw new Error("no entry");
    await expect(
      t.db.update(auditLog).set({ action: "order.forged" }).where(eq(auditLog.id, row.id)),
    ).rejects.toMatchObject({
      cause: { message: expect.stringContaining("never changed or deleted") },
    });
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toMatchObject({
      cause: { message: expect.stringContaining("never changed or deleted") },
    });
    const [after] = await t.db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(after).toEqual(row);
  });

  it("has no route that changes an entry: the page has no action", () => {
    expect("action" in auditRoute).toBe(false);
    expect("action" in exportRoute).toBe(false);
  });
});

describe("/admin/audit", () => {
  it("shows who changed which record, newest first, with only the changed fields before and after", async () => {
    const { list: page } = await list();
    expect(page.total).toBe(4);
    const edit = page.rows.find((row) => row.entity === "product");
    expect(edit).toMatchObject({
      action: "product.update",
      entityId: String(productId),
      actor: { name: "Desk Admin", email: "desk@example.in" },
      href: `/admin/product?edit=${productId}`,
      // In the order the database keeps a JSON object's keys (shortest first).
      changes: [
        { field: "stock", before: "4", after: "9" },
        { field: "MRP", before: "₹6,000", after: "₹7,000" },
        { field: "price", before: "₹6,000", after: "₹6,500" },
      ],
    });
    const outlet = page.rows.find((row) => row.entity === "outlet");
    expect(outlet?.href).toBe(`/admin/dealer?edit=${dealerId}`);
    const system = page.rows.find((row) => row.entityId === "10002");
    expect(system).toMatchObject({ actor: null, actorId: null, href: "/admin/order/10002" });
    expect(system?.changes).toEqual([{ field: "status", before: "paid", after: "cancelled" }]);
  });

  it("filters by record type, actor (or the system), India days and record id", async () => {
    const ids = async (search: string) =>
      (await list(search)).list.rows.map((row) => `${row.entity}:${row.entityId}`);
    expect(await ids("?entity=product")).toEqual([`product:${productId}`]);
    expect(await ids(`?actor=${other.id}`)).toEqual([`outlet:${dealerId}`]);
    expect(await ids("?actor=system")).toEqual(["order:10002", "order:10001"]);
    // 18:29 UTC is 23:59 on the 22nd in India; 18:31 UTC is 00:01 on the 23rd.
    expect(await ids("?from=2026-11-23&to=2026-11-23")).toEqual(["order:10002"]);
    expect(await ids("?from=2026-11-22&to=2026-11-22")).toEqual(["order:10001"]);
    expect(await ids("?q=10001")).toEqual(["order:10001"]);
    // A bad value is dropped, never a 500.
    expect((await list("?entity=DROP%20TABLE&from=2026-02-30&page=x")).list.total).toBe(4);
    const { choices } = await list();
    expect(choices.entities).toEqual(["order", "outlet", "product"]);
    expect(choices.actors.map((a) => a.name)).toEqual(["Desk Admin", "Other Admin"]);
  });

  it("pages 25 entries at a time", async () => {
    await t.db.insert(auditLog).values(
      Array.from({ length: 30 }, (_, i) => ({
        action: "setting.update",
        entity: "setting",
        entityId: `paging-${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const second = await list("?entity=setting&page=2");
    expect(second.list).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    expect(second.list.rows).toHaveLength(5);
    expect(second.list.rows[0]?.href).toBe("/admin/settings");
  });

  it("exports the filtered entries as CSV, the changes as 'field: before -> after'", async () => {
    const { answer, text } = await csv("?entity=product");
    expect(answer.headers.get("Content-Type")).toContain("text/csv");
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Time (UTC),Time (India),Changed by,E-mail,Action,Record type,Record ID,Changes",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `Desk Admin,desk@example.in,product.update,product,${productId},"stock: 4 -> 9; MRP: ₹6,000 -> ₹7,000; price: ₹6,000 -> ₹6,500"`,
    );
    const { text: system } = await csv("?actor=system&q=10002");
    expect(system).toContain("System,,order.status,order,10002,status: paid -> cancelled");
  });
});
