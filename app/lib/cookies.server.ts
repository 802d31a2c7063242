import { type Cookie, createCookie } from "react-router";
import { z } from "zod";
import { PINCODE_PATTERN } from "./pincode";

/** Where the cookie signing secret comes from: the request's context (the auth secret). */
export type CookieSecret = { cookieSecret: string };

const signedCookies = new Map<string, { cart: Cookie; flash: Cookie }>();

/**
 * The store's signed cookies (HMAC with the store's secret): a visitor cannot forge another
 * cart's id or a notice, and a cookie signed with another secret is simply not there.
 */
export function signedCookiesFor({ cookieSecret }: CookieSecret) {
  let cookies = signedCookies.get(cookieSecret);
  if (!cookies) {
    const secure =
      process.env.NODE_ENV === "production" && process.env.BETTER_AUTH_URL?.startsWith("https");
    cookies = {
      /** The visitor's anonymous cart id; merged into the user's cart at sign-in. */
      cart: createCookie("cart", {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        maxAge: 60 * 60 * 24 * 30,
        secure: Boolean(secure),
        secrets: [cookieSecret],
      }),
      /** A one-time notice carried across a redirect (see flash.server.ts). */
      flash: createCookie("flash", {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        maxAge: 60,
        secrets: [cookieSecret],
      }),
    };
    signedCookies.set(cookieSecret, cookies);
  }
  return cookies;
}

/** The anonymous cart id in the request's cookie, when it holds a well-formed, signed one. */
export async function readCartId(request: Request, context: CookieSecret): Promise<string | null> {
  const value: unknown = await signedCookiesFor(context).cart.parse(request.headers.get("Cookie"));
  const parsed = z.uuid().safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The header that gives the visitor their anonymous cart. */
export async function cartCookieHeader(cartId: string, context: CookieSecret): Promise<string> {
  return signedCookiesFor(context).cart.serialize(cartId);
}

/** The header that forgets the anonymous cart (after it has been merged into a user's cart). */
export async function clearCartCookie(context: CookieSecret): Promise<string> {
  return signedCookiesFor(context).cart.serialize("", { maxAge: 0 });
}

/** Remembers whether the admin sidebar is collapsed (read on the server: no flash of layout). */
export const sidebarCookie = createCookie("admin_sidebar", {
  httpOnly: true,
  sameSite: "lax",
  path: "/admin",
  maxAge: 60 * 60 * 24 * 365,
});

export async function readSidebarCollapsed(request: Request): Promise<boolean> {
  return (await sidebarCookie.parse(request.headers.get("Cookie"))) === "collapsed";
}

/** The pincode a shopper last checked on a product page (issue 21): the product pages show its
 * answer again and checkout starts with it. Not signed: a pincode is no secret, and it is checked
 * for its form on every read. */
const pincodeCookie = createCookie("pincode", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 180,
});

export async function readChosenPincode(request: Request): Promise<string | null> {
  const value: unknown = await pincodeCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && PINCODE_PATTERN.test(value) ? value : null;
}

/** The header that remembers the pincode the shopper checked. */
export async function chosenPincodeHeader(pincode: string): Promise<string> {
  return pincodeCookie.serialize(pincode);
}
