import { ordersMessages } from "~/features/orders/orders.messages";

/** What the cart page tells shoppers. */
export const cartMessages = {
  quantityRange: "Choose a quantity from 1 to 4",
  quantityAboveStock: (stock: number) =>
    stock === 1 ? "Only 1 left in stock." : `Only ${stock} left in stock.`,
  lineMissing: "That battery is not in your cart any more.",
  quantityChanged: (model: string, quantity: number) => `${model}: quantity ${quantity}`,
  removed: (model: string) => `${model} removed from your cart`,
  exchangeOn: (model: string) => `${model}: old-battery exchange added`,
  exchangeOff: (model: string) => `${model}: old-battery exchange removed`,
  promoRequired: "Enter a promo code",
  promoUnknown: ordersMessages.promoUnknown,
  promoApplied: (code: string) => `Promo code ${code} applied`,
  promoRemoved: "Promo code removed",
  signInToCheckOut: "Sign in to check out. Your cart is kept.",
  changeFailed: "Your cart could not be changed",
};
