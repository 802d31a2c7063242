import { type AppLoadContext, data } from "react-router";
import { addToCartSchema, catalogMessages } from "~/features/catalog/catalog.schema";
import { DomainError } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { safeRedirect } from "~/lib/http.server";
import { getSessionUser } from "~/lib/session.server";
import { addToCart } from "./cart.server";
import { cartCookie } from "./cart-cookie.server";

/** A plain form post from a page (no JavaScript) expects a page back, not data. */
function wantsPage(request: Request): boolean {
  return request.headers.get("Accept")?.includes("text/html") ?? false;
}

export async function addToCartAction(
  request: Request,
  context: AppLoadContext,
  values: Record<string, string>,
  cookieCartId: string | null,
) {
  const back = safeRedirect(values.redirectTo, "/allproduct");
  const answer = async (ok: boolean, message: string, status: number, headers?: Headers) =>
    wantsPage(request)
      ? redirectWithFlash(back, { type: ok ? "success" : "error", message }, headers)
      : data({ ok, message }, { status, headers });

  const parsed = addToCartSchema.safeParse(values);
  if (!parsed.success) return answer(false, catalogMessages.addFailed, 400);
  const user = await getSessionUser(request, context);
  try {
    const result = await addToCart(
      context.db,
      { userId: user?.id, cartId: cookieCartId },
      parsed.data.productId,
      parsed.data.quantity,
    );
    const headers = new Headers();
    if (!user && result.cartId !== cookieCartId) {
      headers.append("Set-Cookie", await cartCookie.serialize(result.cartId));
    }
    return answer(true, catalogMessages.addedToCart(result.model), 200, headers);
  } catch (error) {
    if (error instanceof DomainError) {
      const message =
        error.status === 409
          ? `${catalogMessages.addFailed}: ${error.message}`
          : catalogMessages.addFailed;
      return answer(false, message, error.status === 409 ? 409 : 400);
    }
    throw error;
  }
}
