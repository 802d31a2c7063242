import type { SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productKeyOfPath } from "~/features/catalog/product-key.server";
import {
  anyReviewBy,
  hasOwnReviewOn,
  ownReviewOn,
  type ReviewAuthors,
} from "~/features/catalog/reviews.server";
import type { Auth } from "~/lib/auth.server";
import type { Preread } from "~/lib/request-state.server";
import { readSession } from "~/lib/session.server";
import { cartBatteryCountOf, countCartBatteries } from "./cart.server";

/**
 * The signed-in user of these headers and the number of batteries in their cart, read in one
 * query where it can be (ADR 018); null for a visitor (or a session that is no longer valid).
 * On a product page (`path`), also whether the page shows something of the shopper's own (their
 * review of it): such a page is rendered live, any other is kept for everyone of their role.
 * `authors` remembers the sessions of shoppers who have written no review, whose product pages
 * need no asking (ADR 045).
 */
export async function prereadShopper(
  services: { auth: Auth; db: Db },
  headers: Headers,
  path = "",
  authors?: ReviewAuthors,
): Promise<Preread | null> {
  const { db } = services;
  const productKey = productKeyOfPath(path);
  let asked: string | null = null;
  const read = await readSession(services, headers, (id, token): Record<string, SQL> => {
    const cartCount = cartBatteryCountOf(db, id);
    if (productKey === null || authors?.known(token) === false) return { cartCount };
    asked = token;
    return {
      cartCount,
      ownReview: ownReviewOn(db, id, productKey),
      anyReview: anyReviewBy(db, id),
    };
  });
  if (!read) return null;
  const { user, setCookie } = read;
  const extra = read.extra as {
    cartCount: number;
    ownReview?: boolean;
    anyReview?: boolean;
  } | null;
  const cartCount = extra?.cartCount ?? (await countCartBatteries(db, { userId: user.id }));
  let ownContent = false;
  if (productKey !== null && extra === null) {
    // Read by better-auth (a renewed session): asked on its own.
    ownContent = await hasOwnReviewOn(db, user.id, productKey);
  } else if (asked !== null && extra) {
    authors?.learn(asked, extra.anyReview === true);
    ownContent = extra.ownReview === true;
  }
  return { user, cartCount, ownContent, setCookie };
}
