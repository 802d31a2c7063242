import type { AppLoadContext } from "react-router";
import { authErrorCode, cookieHeaders } from "./auth-errors.server";

/** Ends the request's session on the server and returns the headers that clear its cookie. */
export async function signOut(request: Request, context: AppLoadContext): Promise<Headers> {
  try {
    const { headers } = await context.auth.api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    return cookieHeaders(headers);
  } catch (error) {
    // No session (already signed out): nothing to end.
    if (authErrorCode(error)) return new Headers();
    throw error;
  }
}
