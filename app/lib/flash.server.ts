import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { z } from "zod";

/** A one-time notice carried across a redirect (e.g. "Login successful") and shown as a toast. */
export type Flash = { id: string; type: "success" | "error" | "info"; message: string };

const flashSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  message: z.string().max(300),
});

const flashCookie = createCookie("flash", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60,
});

/** Redirects with a notice for the next page; extra headers (e.g. session cookies) are kept. */
export async function redirectWithFlash(
  url: string,
  flash: Omit<Flash, "id">,
  headers: HeadersInit = {},
): Promise<Response> {
  const all = new Headers(headers);
  all.append("Set-Cookie", await flashCookie.serialize({ ...flash, id: randomUUID() }));
  return redirect(url, { headers: all });
}

/** The pending notice, and the header that clears it. */
export async function takeFlash(
  request: Request,
): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers();
  const raw: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { flash: null, headers };
  headers.append("Set-Cookie", await flashCookie.serialize("", { maxAge: 0 }));
  const parsed = flashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, headers };
}
