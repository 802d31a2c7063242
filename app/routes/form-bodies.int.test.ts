import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formUnreadableMessage } from "~/lib/http.server";
import { createProduct } from "../../tests/factories";
import { outcome, routeArgs, sessionCookieFor, statusOf } from "../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";
import * as forgotPassword from "./auth/forgot-password";
import * as login from "./auth/login";
import * as resetPassword from "./auth/reset-password";
import * as signup from "./auth/signup";
import * as account from "./site/account";
import * as cartAdd from "./site/cart-add";
import * as product from "./site/product";

let t: TestDatabase;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  cookie = await sessionCookieFor(t, {
    name: "Form Poster",
    email: "poster@example.in",
    password: "poster-pass-123",
  });
  // The product page's action first finds its product (a missing one is a 404 page).
  await createProduct(t, { model: "EX-1" });
});
afterAll(async () => {
  await t?.close();
});

type Action = (args: never) => unknown;

const bodies: [string, BodyInit, string][] = [
  ["JSON", JSON.stringify({ email: "a@b.in", password: "x" }), "application/json"],
  ["plain text", "email=a@b.in", "text/plain"],
  ["broken multipart", "--x\r\nContent-Disposition: nonsense", "multipart/form-data; boundary=x"],
];

const actions: [string, string, Action, Record<string, string>?][] = [
  ["/login", "login", login.action as Action],
  ["/signup", "signup", signup.action as Action],
  ["/forgot-password", "forgot password", forgotPassword.action as Action],
  ["/reset-password", "reset password", resetPassword.action as Action],
  ["/cart/add", "add to cart", cartAdd.action as Action],
  ["/oneprod/EX-1", "product page", product.action as Action, { model: "EX-1" }],
  ["/account", "account (signed in)", account.action as Action],
];

describe("a body that is not a form answers 400, never 500", () => {
  for (const [path, name, action, params] of actions) {
    it.each(bodies)(`${name}: %s`, async (_, body, contentType) => {
      const request = new Request(`http://localhost:3000${path}`, {
        method: "POST",
        body,
        headers: { "Content-Type": contentType, Cookie: cookie },
      });
      const args = await routeArgs(t, request, params ?? {});
      const result = await outcome(() => action(args as never));
      expect(statusOf(result)).toBe(400);
      expect(await (result as Response).text()).toBe(formUnreadableMessage);
    });
  }
});
