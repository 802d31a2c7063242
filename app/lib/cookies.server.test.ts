import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cartCookieHeader, readCartId } from "./cookies.server";
import { redirectWithFlash, takeFlash } from "./flash.server";

const store = { cookieSecret: "the-store-secret" };
const other = { cookieSecret: "another-secret" };

const withCookie = (setCookie: string) =>
  new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0] ?? "" } });

describe("the cart and flash cookies are signed", () => {
  it("reads back a cart id the store set", async () => {
    const id = randomUUID();
    expect(await readCartId(withCookie(await cartCookieHeader(id, store)), store)).toBe(id);
  });

  it("ignores a cart id the visitor wrote or another secret signed", async () => {
    const id = randomUUID();
    const forged = `cart=${btoa(JSON.stringify(id))}`;
    expect(await readCartId(withCookie(forged), store)).toBeNull();
    expect(await readCartId(withCookie(await cartCookieHeader(id, other)), store)).toBeNull();
  });

  it("shows a notice the store set, never one the visitor wrote", async () => {
    const redirect = await redirectWithFlash(store, "/", { type: "success", message: "Saved" });
    const set = redirect.headers.get("Set-Cookie") ?? "";
    expect((await takeFlash(withCookie(set), store)).flash).toMatchObject({ message: "Saved" });
    const forged = `flash=${btoa(JSON.stringify({ id: "x", type: "success", message: "You won" }))}`;
    expect((await takeFlash(withCookie(forged), store)).flash).toBeNull();
  });
});
