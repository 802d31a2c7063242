import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { promoCodes } from "~/db/schema";
import { ordersMessages } from "./orders.messages";
import type { PromoOffer } from "./pricing.server";

/** A promo code as shoppers may type it: letters and digits, any case, spaces around ignored. */
export function normalisePromoCode(typed: string): string {
  return typed.trim().toUpperCase();
}

export type PromoCheck =
  | { ok: true; id: number; code: string; offer: PromoOffer }
  | { ok: false; message: string };

/**
 * Whether `typed` is a promo code a cart with this subtotal may use now, and its offer; else the
 * reason, to show next to the box. An inactive code is as unknown as one never made.
 */
export async function checkPromoCode(
  db: Pick<Db, "select">,
  typed: string,
  subtotalPaise: number,
  now: Date = new Date(),
): Promise<PromoCheck> {
  const code = normalisePromoCode(typed);
  if (!/^[A-Z0-9]{3,20}$/.test(code)) return { ok: false, message: ordersMessages.promoUnknown };
  // Stored upper-case (promo_codes_code_check), so the unique index finds it.
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!promo?.active) return { ok: false, message: ordersMessages.promoUnknown };
  if (promo.startsAt && now < promo.startsAt) {
    return { ok: false, message: ordersMessages.promoNotYet(promo.startsAt) };
  }
  if (promo.endsAt && now >= promo.endsAt) {
    return { ok: false, message: ordersMessages.promoExpired(promo.endsAt) };
  }
  if (promo.usageLimit !== null && promo.uses >= promo.usageLimit) {
    return { ok: false, message: ordersMessages.promoUsedUp };
  }
  if (subtotalPaise < promo.minSubtotalPaise) {
    return { ok: false, message: ordersMessages.promoMinimum(promo.minSubtotalPaise) };
  }
  return {
    ok: true,
    id: promo.id,
    code: promo.code,
    offer: { kind: promo.kind, amount: promo.amount, minSubtotalPaise: promo.minSubtotalPaise },
  };
}
