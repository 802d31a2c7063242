import type { Db } from "~/db/client.server";
import type { Auth } from "~/lib/auth.server";
import type { Preread } from "~/lib/request-state.server";
import { readSession } from "~/lib/session.server";
import { cartBatteryCountOf, countCartBatteries } from "./cart.server";

/**
 * The signed-in user of these headers and the number of batteries in their cart, read in one
 * query where it can be (ADR 018); null for a visitor (or a session that is no longer valid).
 */
export async function prereadShopper(
  services: { auth: Auth; db: Db },
  headers: Headers,
): Promise<Preread | null> {
  const read = await readSession(services, headers, (userId) => ({
    cartCount: cartBatteryCountOf(services.db, userId),
  }));
  if (!read) return null;
  const { user, extra, setCookie } = read;
  return {
    user,
    cartCount: extra?.cartCount ?? (await countCartBatteries(services.db, { userId: user.id })),
    setCookie,
  };
}
