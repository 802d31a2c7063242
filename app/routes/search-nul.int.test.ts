import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../../tests/factories";
import { callRoute, statusOf } from "../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";
import * as audit from "./admin/audit";
import * as bookings from "./admin/bookings";
import * as products from "./admin/catalog-products";
import * as vehicles from "./admin/catalog-vehicles";
import * as deliveryAreas from "./admin/delivery-areas";
import * as exchangeRates from "./admin/exchange-rates";
import * as messages from "./admin/messages";
import * as orders from "./admin/orders";
import * as outlets from "./admin/outlets";
import * as promoCodes from "./admin/promo-codes";
import * as users from "./admin/users";
import * as warranties from "./admin/warranties";
import * as resetPassword from "./auth/reset-password";
import * as dealers from "./site/dealers";
import * as product from "./site/product";
import * as service from "./site/service-centres";

let t: TestDatabase;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

type Loader = (args: never) => unknown;

/** Every search and filter box of the store, with the address it is read from. */
const searches: [string, Loader, string][] = [
  ["dealers", dealers.loader as Loader, "/dealer?pincode=380009&city=%00"],
  ["service centres", service.loader as Loader, "/service?pincode=%00&city=Surat"],
  ["orders", orders.loader as Loader, "/admin/order?q=%00"],
  ["users", users.loader as Loader, "/admin/user?q=a%00b"],
  ["messages", messages.loader as Loader, "/admin/messages?q=%00"],
  ["promo codes", promoCodes.loader as Loader, "/admin/promo?q=%00"],
  ["products", products.loader as Loader, "/admin/product?q=%00"],
  ["vehicles", vehicles.loader as Loader, "/admin/vehicle?q=%00"],
  ["exchange prices", exchangeRates.loader as Loader, "/admin/exchange?q=%00"],
  ["delivery areas", deliveryAreas.loader as Loader, "/admin/delivery?q=%00&edit=38%000"],
  ["dealers (admin)", outlets.loader as Loader, "/admin/dealer?name=%00&city=%00"],
  ["warranties", warranties.loader as Loader, "/admin/warranties?q=%00"],
  ["bookings", bookings.loader as Loader, "/admin/bookings?status=%00"],
  ["the audit log", audit.loader as Loader, "/admin/audit?q=%00&actor=%00"],
];

describe("a NUL character in a search (which PostgreSQL cannot hold) is a search, never a 500", () => {
  it.each(searches)("%s", async (_, loader, path) => {
    const answer = await callRoute(t, loader, path, { cookie: admin.cookie });
    expect(answer).not.toBeInstanceOf(Error);
    expect(statusOf(answer)).toBeLessThan(500);
  });
});

describe("a NUL character in an address's record is a missing record, never a 500", () => {
  it("a product page's model", async () => {
    const answer = await callRoute(t, product.loader as Loader, "/oneprod/a%00b", {
      cookie: "",
      params: { model: "a\u0000b" },
    });
    expect(statusOf(answer)).toBe(404);
    const post = await callRoute(t, product.action as Loader, "/oneprod/a%00b", {
      cookie: admin.cookie,
      values: { intent: "notify", email: "a@example.in" },
      params: { model: "a\u0000b" },
    });
    expect(statusOf(post)).toBe(404);
  });

  it("a password reset link's token", async () => {
    const answer = await callRoute(t, resetPassword.loader as Loader, "/reset-password?token=%00", {
      cookie: "",
    });
    expect(answer).toMatchObject({ linkUsable: false });
  });
});
