import type { Db } from "~/db/client.server";
import { mergeGuestCart } from "./cart.server";
import { clearCartCookie, readCartId } from "./cart-cookie.server";

/**
 * When a signed-in request still carries an anonymous cart, moves it into the user's cart and
 * returns the Set-Cookie header that forgets it; otherwise returns null.
 */
export async function claimGuestCart(
  request: Request,
  db: Db,
  userId: string,
): Promise<string | null> {
  const guestCart = await readCartId(request);
  if (!guestCart) return null;
  await mergeGuestCart(db, guestCart, userId);
  return clearCartCookie();
}
