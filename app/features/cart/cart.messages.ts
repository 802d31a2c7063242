import { ordersMessages } from "~/features/orders/orders.messages";
import { msg } from "~/lib/i18n/msg";
import { fill } from "~/lib/i18n/translate";

/** What the cart page tells shoppers. */
export const cartMessages = {
  quantityRange: "Choose a quantity from 1 to 4",
  quantityAboveStock: (stock: number) =>
    stock === 1 ? msg("Only 1 left in stock.") : fill("Only {stock} left in stock.", { stock }),
  lineMissing: "That battery is not in your cart any more.",
  quantityChanged: (model: string, quantity: number) =>
    fill("{model}: quantity {quantity}", { model, quantity }),
  removed: (model: string) => fill("{model} removed from your cart", { model }),
  exchangeOn: (model: string) => fill("{model}: old-battery exchange added", { model }),
  exchangeOff: (model: string) => fill("{model}: old-battery exchange removed", { model }),
  promoRequired: "Enter a promo code",
  promoUnknown: ordersMessages.promoUnknown,
  promoApplied: (code: string) => fill("Promo code {code} applied", { code }),
  promoRemoved: "Promo code removed",
  signInToCheckOut: "Sign in to check out. Your cart is kept.",
  changeFailed: "Your cart could not be changed",
};
