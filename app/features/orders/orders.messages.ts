import { formatDate } from "~/lib/format";
import { formatPaise } from "~/lib/money";

/** What shoppers are told about orders and promo codes. */
export const ordersMessages = {
  promoUnknown: "That promo code is not valid.",
  promoNotYet: (startsAt: Date) => `This promo code can be used from ${formatDate(startsAt)}.`,
  promoExpired: (endsAt: Date) => `This promo code expired on ${formatDate(endsAt)}.`,
  promoUsedUp: "This promo code has been used up.",
  cartEmpty: "Your cart is empty.",
  cartNeedsChanges: "Some lines of your cart need a change before the order can be placed.",
  lineGone: "This battery is no longer sold. Remove it from your cart.",
  lineShort: (stock: number) =>
    stock <= 0
      ? "Out of stock. Remove it from your cart."
      : `Only ${stock} left. Lower the quantity.`,
  checkoutExpired: "This checkout is no longer valid. Please check out again.",
  totalChanged: (totalPaise: number) =>
    `Your cart now comes to ${formatPaise(totalPaise)}. Check the amount in the new QR code before you pay.`,
  utrInvalid: "A UPI transaction ID has 6 to 35 letters and digits.",
  paymentsNotSetUp:
    "Checkout is closed: this store has not set up its UPI payments yet. Please call us to order.",
  /** At checkout, before the order exists. */
  demoPayee: "Demo store: this QR pays nobody. Confirm the order to see the rest of the journey.",
  /** On a placed order's page: there is no journey left to see by confirming. */
  demoPayeeOrder: "Demo store: this QR pays nobody, so no payment will reach this order.",
  placed: (number: number) => `Order #${number} placed. Thank you!`,
  cancelled: (number: number) => `Order #${number} cancelled`,
  statusChanged: (number: number, status: string) => `Order #${number}: ${status}`,
  orderNotFound: "There is no such order.",
  transitionRefused: (from: string, to: string) => `An order that is ${from} cannot become ${to}.`,
  promoMinimum: (minPaise: number) =>
    `This promo code needs a subtotal of ${formatPaise(minPaise)} or more.`,
  tooManyUnpaid: (max: number) =>
    `You have ${max} orders waiting for payment. Pay or cancel one of them before placing another.`,
  utrInUse:
    "This UPI transaction ID is already on another order. Check it in your UPI app, or leave it empty.",
  nothingToPay: "Nothing to pay: the promo code covers the whole order.",
  payBy: (deadline: string) =>
    `Please pay by ${deadline} (India time): an order not paid by then is cancelled and its batteries go back on sale.`,
  payWithin: (hours: number) =>
    `Pay within ${hours} hours of placing the order: an order not paid by then is cancelled.`,
  lapsed: (deadline: string) =>
    `No payment was received by ${deadline}: the order was cancelled and its batteries put back on sale.`,
  askGoodsBack:
    "Say whether the batteries came back to the store before cancelling a shipped order.",
  goodsBack: "The batteries came back and are in stock again.",
  goodsNotBack: "The batteries did not come back: stock was not changed.",
  refundDue: (paise: number) => `A refund of ${formatPaise(paise)} is due to the customer.`,
  /** The customer's words for the same (their timeline and mail, issue 21). */
  refundDueToYou: (paise: number) =>
    `A refund of ${formatPaise(paise)} is due to you: we will write when it is sent.`,
  courierRequired: "Choose the courier",
  trackingRequired: "Enter the courier's tracking number",
  trackingInvalid: "A tracking number has 4 to 40 letters, digits or dashes",
  refundNotOwed: "Only a paid order that was cancelled is refunded.",
  refundTooMuch: (paise: number) => `A refund is at most the order's total, ${formatPaise(paise)}.`,
  refundDay: "Enter the day the money was sent back: not before the order, not after today.",
  refundRecorded: "This order's refund is recorded already.",
  refundSaved: (number: number) => `Refund of order #${number} recorded`,
  choosePayment: "Choose how you will pay",
  payOnInstallationOff: "Pay on installation is not offered at the moment. Please pay by UPI.",
  payOnInstallationOver: (maxPaise: number) =>
    `Pay on installation is for orders up to ${formatPaise(maxPaise)}. Please pay this one by UPI.`,
  payOnInstallation: (paise: number) =>
    `Pay ${formatPaise(paise)} when the battery is installed, in cash or by UPI to the fitter.`,
  paidOnInstallation: (paise: number) => `${formatPaise(paise)} paid on installation.`,
  utrNotPending: "A UPI transaction ID can be added only while the order waits for its payment.",
  utrSaved: (number: number) => `UPI transaction ID saved on order #${number}`,
  keepOrder: "Keep order",
  cancelQuestion: (number: number) => `Cancel order #${number}?`,
};
