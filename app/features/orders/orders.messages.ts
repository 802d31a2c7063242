import type { OrderStatus, PaymentMethod } from "~/db/schema/enums";
import { formatDate } from "~/lib/format";
import { msg } from "~/lib/i18n/msg";
import { fill } from "~/lib/i18n/translate";
import { formatPaise } from "~/lib/money";

/** What shoppers are told about orders and promo codes. */
export const ordersMessages = {
  promoUnknown: "That promo code is not valid.",
  /** The delivery details' checks (checkout). */
  mobileInvalid: "Enter a 10-digit mobile number",
  nameRequired: "Enter the name to deliver to",
  houseRequired: "Enter the flat, house no. or building",
  addressRequired: "Enter the area or street",
  cityRequired: "Enter the city",
  atMost: (max: number) => fill("At most {max} characters", { max }),
  promoNotYet: (startsAt: Date) =>
    fill("This promo code can be used from {date}.", { date: formatDate(startsAt) }),
  promoExpired: (endsAt: Date) =>
    fill("This promo code expired on {date}.", { date: formatDate(endsAt) }),
  promoUsedUp: "This promo code has been used up.",
  tooManyPromoTries: (minutes: number) =>
    minutes === 1
      ? fill("Too many promo codes tried from your connection. Please try again in 1 minute.")
      : fill(
          "Too many promo codes tried from your connection. Please try again in {minutes} minutes.",
          { minutes },
        ),
  cartEmpty: "Your cart is empty.",
  cartNeedsChanges: "Some lines of your cart need a change before the order can be placed.",
  lineGone: "This battery is no longer sold. Remove it from your cart.",
  lineShort: (stock: number) =>
    stock <= 0
      ? msg("Out of stock. Remove it from your cart.")
      : fill("Only {stock} left. Lower the quantity.", { stock }),
  checkoutExpired: "This checkout is no longer valid. Please check out again.",
  totalChanged: (totalPaise: number) =>
    fill("Your cart now comes to {total}. Check the amount in the new QR code before you pay.", {
      total: formatPaise(totalPaise),
    }),
  utrInvalid: "A UPI transaction ID has 6 to 35 letters and digits.",
  paymentsNotSetUp:
    "Checkout is closed: this store has not set up its UPI payments yet. Please call us to order.",
  /** At checkout, before the order exists. */
  demoPayee: "Demo store: this QR pays nobody. Confirm the order to see the rest of the journey.",
  /** On a placed order's page: there is no journey left to see by confirming. */
  demoPayeeOrder: "Demo store: this QR pays nobody, so no payment will reach this order.",
  placed: (number: number) => fill("Order #{number} placed. Thank you!", { number }),
  cancelled: (number: number) => fill("Order #{number} cancelled", { number }),
  statusChanged: (number: number, status: string) =>
    fill("Order #{number}: {status}", { number, status }),
  orderNotFound: "There is no such order.",
  transitionRefused: (from: string, to: string) =>
    fill("An order that is {from} cannot become {to}.", { from, to }),
  promoMinimum: (minPaise: number) =>
    fill("This promo code needs a subtotal of {amount} or more.", {
      amount: formatPaise(minPaise),
    }),
  tooManyUnpaid: (max: number) =>
    fill(
      "You have {max} orders waiting for payment. Pay or cancel one of them before placing another.",
      { max },
    ),
  utrInUse:
    "This UPI transaction ID is already on another order. Check it in your UPI app, or leave it empty.",
  nothingToPay: "Nothing to pay: the promo code covers the whole order.",
  payBy: (deadline: string) =>
    fill(
      "Please pay by {deadline} (India time): an order not paid by then is cancelled and its batteries go back on sale.",
      { deadline },
    ),
  payWithin: (hours: number) =>
    fill("Pay within {hours} hours of placing the order: an order not paid by then is cancelled.", {
      hours,
    }),
  lapsed: (deadline: string) =>
    fill(
      "No payment was received by {deadline}: the order was cancelled and its batteries put back on sale.",
      { deadline },
    ),
  askGoodsBack:
    "Say whether the batteries came back to the store before cancelling a shipped order.",
  goodsBack: "The batteries came back and are in stock again.",
  goodsNotBack: "The batteries did not come back: stock was not changed.",
  refundDue: (paise: number) =>
    fill("A refund of {amount} is due to the customer.", { amount: formatPaise(paise) }),
  /** The customer's words for the same (their timeline and mail, issue 21). */
  refundDueToYou: (paise: number) =>
    fill("A refund of {amount} is due to you: we will write when it is sent.", {
      amount: formatPaise(paise),
    }),
  courierRequired: "Choose the courier",
  trackingRequired: "Enter the courier's tracking number",
  trackingInvalid: "A tracking number has 4 to 40 letters, digits or dashes",
  refundNotOwed: "Only a paid order that was cancelled is refunded.",
  refundTooMuch: (paise: number) =>
    fill("A refund is at most the order's total, {amount}.", { amount: formatPaise(paise) }),
  refundDay: "Enter the day the money was sent back: not before the order, not after today.",
  refundRecorded: "This order's refund is recorded already.",
  refundSaved: (number: number) => fill("Refund of order #{number} recorded", { number }),
  choosePayment: "Choose how you will pay",
  payOnInstallationOff: "Pay on installation is not offered at the moment. Please pay by UPI.",
  payOnInstallationOver: (maxPaise: number) =>
    fill("Pay on installation is for orders up to {amount}. Please pay this one by UPI.", {
      amount: formatPaise(maxPaise),
    }),
  payOnInstallation: (paise: number) =>
    fill("Pay {amount} when the battery is installed, in cash or by UPI to the fitter.", {
      amount: formatPaise(paise),
    }),
  paidOnInstallation: (paise: number) =>
    fill("{amount} paid on installation.", { amount: formatPaise(paise) }),
  utrNotPending: "A UPI transaction ID can be added only while the order waits for its payment.",
  utrSaved: (number: number) => fill("UPI transaction ID saved on order #{number}", { number }),
  keepOrder: "Keep order",
  cancelQuestion: (number: number) => fill("Cancel order #{number}?", { number }),
  /** An order's status as the shop names it (the stored value stays as it is). */
  statusLabels: {
    payment_pending: "Payment pending",
    placed: "Placed",
    paid: "Paid",
    shipped: "Shipped",
    delivered: "Delivered",
    cancelled: "Cancelled",
  } satisfies Record<OrderStatus, string>,
  paymentMethodLabels: {
    upi: "UPI, paid before shipping",
    on_installation: "Pay on installation (cash or UPI to the fitter)",
  } satisfies Record<PaymentMethod, string>,
  /** The timeline's first event and its refund. */
  orderPlacedEvent: "Order placed",
  refundedEvent: "Refunded",
  /** Who made a change, as its customer reads the timeline. */
  byYou: "You",
  byStore: "The store",
};
