import type { Auth } from "./auth.server";

export type SessionUser = { id: string; name: string; email: string; role: string };

/** The signed-in user of a request's headers, or null. Called once per request, by the root
 * middleware (request-state.server.ts); everything else reads the result from the context. */
export async function readSessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const { id, name, email, role } = result.user as typeof result.user & { role?: string | null };
  return { id, name, email, role: role ?? "user" };
}
