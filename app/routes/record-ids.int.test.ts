import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as products from "~/routes/admin/catalog-products";
import * as vehicles from "~/routes/admin/catalog-vehicles";
import * as cartAdd from "~/routes/site/cart-add";
import { createUser } from "../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";

let t: TestDatabase;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  adminCookie = (await createUser(t, { role: "admin" })).cookie;
});
afterAll(async () => {
  await t?.close();
});

/** Past PostgreSQL's integer range, and other things an id cannot be. */
const badIds = ["2147483648", "99999999999", "-1", "0", "1.5", "1e3", " 7", "abc"];

type Handler = (args: never) => unknown;

/** The admin's add-vehicle form, valid but for what the test changes. */
function vehicleForm(overrides: Record<string, string>) {
  return new URLSearchParams({
    intent: "add",
    vehicleType: "car",
    make: "Tata",
    model: "Punch",
    year: "2024",
    fuelType: "Petrol",
    ...overrides,
  });
}

async function call(handler: Handler, url: string, body?: URLSearchParams, cookie?: string) {
  const request = new Request(`http://localhost:3000${url}`, {
    method: body ? "POST" : "GET",
    headers: cookie ? { Cookie: cookie } : {},
    body,
  });
  const args = await routeArgs(t, request);
  return outcome(() => handler(args as never));
}

describe("an id out of the database's range is refused, never a 500", () => {
  it.each(badIds)("POST /cart/add productId=%j answers 400", async (id) => {
    const result = await call(
      cartAdd.action as Handler,
      "/cart/add",
      new URLSearchParams({ productId: id }),
    );
    expect(result).not.toBeInstanceOf(Error);
    expect(statusOf(result)).toBe(400);
  });

  it.each(badIds)(
    "the vehicle form refuses recommendedProductId=%j next to the field",
    async (id) => {
      const form = vehicleForm({ recommendedProductId: id });
      const result = await call(vehicles.action as Handler, "/admin/vehicle", form, adminCookie);
      expect(statusOf(result)).toBe(400);
      expect((result as { data: { fieldErrors: object } }).data.fieldErrors).toHaveProperty(
        "recommendedProductId",
      );
    },
  );

  it.each(badIds)("the vehicle form refuses an alternative %j", async (id) => {
    const form = vehicleForm({ recommendedProductId: "1" });
    form.append("alternatives", id);
    const result = await call(vehicles.action as Handler, "/admin/vehicle", form, adminCookie);
    expect(statusOf(result)).toBe(400);
  });

  it.each(["2147483648", "99999999999", "-1", "1.5"])(
    "?edit=%s opens no dialog on the admin products and vehicles pages",
    async (id) => {
      for (const [handler, path] of [
        [products.loader, "/admin/product"],
        [vehicles.loader, "/admin/vehicle"],
      ] as const) {
        const result = await call(handler as Handler, `${path}?edit=${id}`, undefined, adminCookie);
        expect(result, path).not.toBeInstanceOf(Error);
        expect((result as { editing: unknown }).editing, path).toBeNull();
      }
    },
  );
});
