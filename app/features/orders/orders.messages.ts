import { formatDate } from "~/lib/format";
import { formatPaise } from "~/lib/money";

/** What shoppers are told about orders and promo codes. */
export const ordersMessages = {
  promoUnknown: "That promo code is not valid.",
  promoNotYet: (startsAt: Date) => `This promo code can be used from ${formatDate(startsAt)}.`,
  promoExpired: (endsAt: Date) => `This promo code expired on ${formatDate(endsAt)}.`,
  promoUsedUp: "This promo code has been used up.",
  promoMinimum: (minPaise: number) =>
    `This promo code needs a subtotal of ${formatPaise(minPaise)} or more.`,
};
