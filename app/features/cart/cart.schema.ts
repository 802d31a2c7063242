import { z } from "zod";
import { exchangeChoiceSchema } from "~/features/purchase/purchase.schema";
import { recordIdSchema } from "~/lib/record-id";
import { cartMessages as m } from "./cart.messages";

/** The forms of the cart page (/cart): each names its line by product id. */
export const cartLineSchema = z.object({ productId: recordIdSchema });

/** A line's new quantity: 1 to 4 (the spec's dropdown), nothing else. */
export const cartQuantitySchema = cartLineSchema.extend({
  quantity: z.coerce
    .number({ error: m.quantityRange })
    .int(m.quantityRange)
    .min(1, m.quantityRange)
    .max(4, m.quantityRange),
});

/** The line's old-battery exchange, on ("1") or off (absent). */
export const cartExchangeSchema = cartLineSchema.extend({ exchange: exchangeChoiceSchema });

/** The promo code box: letters and digits, any case. */
export const promoCodeSchema = z.object({
  promoCode: z
    .string()
    .trim()
    .min(1, m.promoRequired)
    .max(20, m.promoUnknown)
    .regex(/^[A-Za-z0-9]+$/, m.promoUnknown),
});
