import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { z } from "zod";
import { type CookieSecret, signedCookiesFor } from "./cookies.server";

/** A one-time notice carried across a redirect (e.g. "Login successful") and shown as a toast. */
export type Flash = { id: string; type: "success" | "error" | "info"; message: string };

const flashSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  message: z.string().max(300),
});

/** The Set-Cookie value that leaves a notice for the next page the browser reads. */
export async function flashCookieHeader(
  context: CookieSecret,
  flash: Omit<Flash, "id">,
): Promise<string> {
  return signedCookiesFor(context).flash.serialize({ ...flash, id: randomUUID() });
}

/** Redirects with a notice for the next page; extra headers (e.g. session cookies) are kept. */
export async function redirectWithFlash(
  context: CookieSecret,
  url: string,
  flash: Omit<Flash, "id">,
  headers: HeadersInit = {},
): Promise<Response> {
  const all = new Headers(headers);
  all.append("Set-Cookie", await flashCookieHeader(context, flash));
  return redirect(url, { headers: all });
}

/** The pending notice, and the header that clears it. */
export async function takeFlash(
  request: Request,
  context: CookieSecret,
): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers();
  const flashCookie = signedCookiesFor(context).flash;
  const raw: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { flash: null, headers };
  headers.append("Set-Cookie", await flashCookie.serialize("", { maxAge: 0 }));
  const parsed = flashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, headers };
}
