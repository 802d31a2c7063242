import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indiaDayOf } from "~/lib/india-time";
import { createProduct, createUser, createWarranty } from "../../../tests/factories";
import { routeArgs } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as account from "./account";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

async function batteriesOf(cookie: string) {
  const request = new Request("http://localhost:3000/account", { headers: { Cookie: cookie } });
  const data = await account.loader((await routeArgs(t, request)) as never);
  return data.batteries;
}

/** Bought today in India: active whatever day the test runs. */
const today = indiaDayOf(new Date());

describe("My batteries on /account", () => {
  it("lists the account's own registrations, with status and days left, and no one else's", async () => {
    const product = await createProduct(t);
    const owner = await createUser(t);
    const other = await createUser(t);
    const mine = await createWarranty(t, {
      productId: product.id,
      purchaseDate: today,
      userId: owner.id,
    });
    await createWarranty(t, {
      productId: product.id,
      purchaseDate: today,
      userId: other.id,
    });
    await createWarranty(t, { productId: product.id, purchaseDate: today });
    const listed = await batteriesOf(owner.cookie);
    expect(listed.map((b) => b.serial)).toEqual([mine.serial]);
    expect(listed[0]).toMatchObject({ status: "active", claims: [] });
    expect(listed[0]?.daysLeft).toBeGreaterThan(0);
    expect((await batteriesOf(other.cookie)).map((b) => b.serial)).not.toContain(mine.serial);
  });
});

describe("Full Name on /account", () => {
  it("shows the new name in the answer to the post itself, as a page without JavaScript draws it", async () => {
    const person = await createUser(t, { name: "Old Name" });
    const request = new Request("http://localhost:3000/account", {
      method: "POST",
      body: new URLSearchParams({ intent: "name", name: "Anil K. Sharma" }),
      headers: { Cookie: person.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    // One request: the action, then the page's loader with the same context, as React Router
    // answers a form posted without JavaScript.
    const args = await routeArgs(t, request);
    const saved = (await account.action(args as never)) as { data: { ok: boolean } };
    expect(saved.data.ok).toBe(true);
    const page = await account.loader(args as never);
    expect(page.user.name).toBe("Anil K. Sharma");
  });
});
