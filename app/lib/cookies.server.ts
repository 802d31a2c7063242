import { createCookie } from "react-router";
import { z } from "zod";

/** The visitor's anonymous cart id; merged into the user's cart at sign-in. */
export const cartCookie = createCookie("cart", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 30,
  secure: process.env.NODE_ENV === "production" && process.env.BETTER_AUTH_URL?.startsWith("https"),
});

/** The anonymous cart id in the request's cookie, when it holds a well-formed one. */
export async function readCartId(request: Request): Promise<string | null> {
  const value: unknown = await cartCookie.parse(request.headers.get("Cookie"));
  const parsed = z.uuid().safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The header that forgets the anonymous cart (after it has been merged into a user's cart). */
export async function clearCartCookie(): Promise<string> {
  return cartCookie.serialize("", { maxAge: 0 });
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
