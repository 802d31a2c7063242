import type { AppLoadContext } from "react-router";

export type SessionUser = { id: string; name: string; email: string; role: string };

/** The signed-in user of a request, or null. */
export async function getSessionUser(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser | null> {
  const result = await context.auth.api.getSession({ headers: request.headers });
  if (!result) return null;
  const { id, name, email, role } = result.user as typeof result.user & { role?: string | null };
  return { id, name, email, role: role ?? "user" };
}
