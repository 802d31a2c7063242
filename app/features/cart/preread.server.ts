import type { Db } from "~/db/client.server";
import { productKeyOfPath } from "~/features/catalog/product-key.server";
import { hasOwnReviewOn, ownReviewOn } from "~/features/catalog/reviews.server";
import type { Auth } from "~/lib/auth.server";
import type { Preread } from "~/lib/request-state.server";
import { readSession } from "~/lib/session.server";
import { cartBatteryCountOf, countCartBatteries } from "./cart.server";

/**
 * The signed-in user of these headers and the number of batteries in their cart, read in one
 * query where it can be (ADR 018); null for a visitor (or a session that is no longer valid).
 * On a product page (`path`), also whether the page shows something of the shopper's own (their
 * review of it): such a page is rendered live, any other is kept for everyone of their role.
 */
export async function prereadShopper(
  services: { auth: Auth; db: Db },
  headers: Headers,
  path = "",
): Promise<Preread | null> {
  const { db } = services;
  const productKey = productKeyOfPath(path);
  const read = await readSession(services, headers, (userId) => ({
    cartCount: cartBatteryCountOf(db, userId),
    ...(productKey === null ? {} : { ownReview: ownReviewOn(db, userId, productKey) }),
  }));
  if (!read) return null;
  const { user, extra, setCookie } = read;
  const cartCount = extra?.cartCount ?? (await countCartBatteries(db, { userId: user.id }));
  const ownContent =
    productKey === null
      ? false
      : ((extra as { ownReview?: boolean } | null)?.ownReview ??
        (await hasOwnReviewOn(db, user.id, productKey)));
  return { user, cartCount, ownContent, setCookie };
}
