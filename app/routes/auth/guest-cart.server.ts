import type { Db } from "~/db/client.server";
import { mergeGuestCart } from "~/features/cart/cart.server";
import { type CookieSecret, clearCartCookie, readCartId } from "~/lib/cookies.server";

/**
 * A visitor who signs in or signs up takes their anonymous cart (and its promo code) into the
 * account; the cart cookie is cleared with the answer's `cookies`.
 */
export async function takeGuestCart(
  request: Request,
  context: CookieSecret & { db: Db },
  userId: string,
  cookies: Headers,
): Promise<void> {
  const guestCartId = await readCartId(request, context);
  if (!guestCartId) return;
  await mergeGuestCart(context.db, guestCartId, userId);
  cookies.append("Set-Cookie", await clearCartCookie(context));
}
