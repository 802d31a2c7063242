import { z } from "zod";
import {
  type Courier,
  couriers,
  type OrderStatus,
  orderStatuses,
  paymentMethods,
  type RefundMethod,
  refundMethods,
} from "~/db/schema/enums";
import { buyerTaxShape, refineBusinessBuyer } from "~/features/gst/gst.schema";
import { pincodeSchema } from "~/features/purchase/purchase.schema";
import { normaliseMobile } from "~/lib/mobile";
import { parseRupeesToPaise } from "~/lib/money";
import { lineField, searchField } from "~/lib/text.schema";
import { needsTrackingNumber } from "./couriers";
import { ordersMessages } from "./orders.messages";

/** A 10-digit Indian mobile number, typed with or without +91, 0, spaces or dashes. */
export const mobileSchema = z
  .string()
  .trim()
  .transform(normaliseMobile)
  .pipe(z.string().regex(/^[6-9]\d{9}$/, ordersMessages.mobileInvalid));

/** Where an order goes: asked at checkout, remembered for the next one. The address in the
 * parts Indian couriers ask for: flat or house, area or street, and a landmark if any. */
export const deliverySchema = z.object({
  name: lineField().min(2, ordersMessages.nameRequired).max(80, ordersMessages.atMost(80)),
  phone: mobileSchema,
  house: lineField().min(1, ordersMessages.houseRequired).max(120, ordersMessages.atMost(120)),
  address: lineField().min(3, ordersMessages.addressRequired).max(200, ordersMessages.atMost(200)),
  landmark: lineField()
    .max(100, ordersMessages.atMost(100))
    .nullish()
    .transform((typed) => typed || null),
  city: lineField().min(2, ordersMessages.cityRequired).max(60, ordersMessages.atMost(60)),
  pincode: pincodeSchema,
  ...buyerTaxShape,
});
export type DeliveryInput = z.input<typeof deliverySchema>;
export type Delivery = z.output<typeof deliverySchema>;

/** The delivery details as the server takes them: a GSTIN with its legal name, or neither. */
export const checkedDeliverySchema = deliverySchema.superRefine(refineBusinessBuyer);

/** The checkout dialog's form: the delivery details, the checkout's reference (the QR's `tr`),
 * the total the QR asked for (checked against the server's, never used as a price) and the
 * UPI transaction ID the customer may type. */
/** A checkout's UPI transaction reference (`tr`), as newCheckoutReference makes it. */
export const CHECKOUT_REFERENCE = /^UC[0-9A-F]{20}$/;

export const placeOrderSchema = deliverySchema
  .extend({
    reference: z.string().regex(CHECKOUT_REFERENCE, ordersMessages.checkoutExpired),
    expectedTotalPaise: z.coerce
      .number({ error: ordersMessages.checkoutExpired })
      .int(ordersMessages.checkoutExpired)
      // Nothing to pay (the promo code covers it) up to what bigint totals hold exactly in JS.
      .min(0, ordersMessages.checkoutExpired)
      .max(Number.MAX_SAFE_INTEGER, ordersMessages.checkoutExpired),
    utr: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9]{6,35})?$/, ordersMessages.utrInvalid)
      .optional()
      .transform((typed) => typed || null),
    /** "Pay now by UPI" (the default) or "Pay on installation" when the store offers it. */
    paymentMethod: z.enum(paymentMethods, { error: ordersMessages.choosePayment }).default("upi"),
  })
  .superRefine(refineBusinessBuyer);
export type PlaceOrderForm = z.output<typeof placeOrderSchema>;

/** A UPI transaction ID typed later on the order page: the same rule as at checkout, required. */
export const addUtrSchema = z.object({
  utr: z
    .string({ error: ordersMessages.utrInvalid })
    .trim()
    .regex(/^[A-Za-z0-9]{6,35}$/, ordersMessages.utrInvalid),
});

/** A customer's "Cancel order" and an admin's status buttons: the status and a note. */
export const orderNoteSchema = z
  .string()
  .trim()
  .max(500, ordersMessages.atMost(500))
  .optional()
  .transform((typed) => typed || null);

/** The back office's order list: search, status filter, page. A bad value is dropped. */
export const orderListSchema = z.object({
  q: searchField(80),
  status: z.enum(orderStatuses).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** A courier's tracking (AWB) number: letters, digits and dashes. Empty is none. */
export const trackingNumberSchema = z
  .string()
  .trim()
  .regex(/^([A-Za-z0-9-]{4,40})?$/, ordersMessages.trackingInvalid)
  .optional()
  .transform((typed) => typed?.toUpperCase() || null);

/**
 * What is missing to mark an order shipped (issue 21): the courier, and its tracking number
 * unless the store delivers itself. Field errors by name; none for another status.
 */
export function shipmentErrors(input: {
  to: OrderStatus;
  courier?: Courier | null;
  trackingNumber?: string | null;
}): Record<string, string> {
  if (input.to !== "shipped") return {};
  if (!input.courier) return { courier: ordersMessages.courierRequired };
  if (needsTrackingNumber(input.courier) && !input.trackingNumber) {
    return { trackingNumber: ordersMessages.trackingRequired };
  }
  return {};
}

/**
 * An admin's status button: the new status, a note for the customer (timeline and e-mail), a
 * note for staff only, and for Shipped the courier and its tracking number.
 */
export const orderStatusChangeSchema = z
  .object({
    to: z.enum(orderStatuses, { error: "Choose a status" }),
    note: orderNoteSchema,
    internalNote: orderNoteSchema,
    courier: z
      .enum(["", ...couriers], { error: ordersMessages.courierRequired })
      .optional()
      .transform((chosen): Courier | null => chosen || null),
    trackingNumber: trackingNumberSchema,
    /** Cancelling a shipped order: did the batteries come back to the store? */
    restock: z
      .enum(["yes", "no"], { error: "Choose yes or no" })
      .optional()
      .transform((answer) => (answer === undefined ? undefined : answer === "yes")),
  })
  .superRefine((change, ctx) => {
    for (const [field, message] of Object.entries(shipmentErrors(change))) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
  });

export const refundMethodLabels: Record<RefundMethod, string> = {
  upi: "UPI",
  bank_transfer: "Bank transfer",
  cash: "Cash",
  other: "Other",
};

/** The back office's "Record the refund" of a cancelled paid order. */
export const refundFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .transform((typed, ctx) => {
      const paise = parseRupeesToPaise(typed);
      if (paise === null || paise <= 0) {
        ctx.addIssue({ code: "custom", message: "Enter the amount in rupees, such as 4,500" });
        return z.NEVER;
      }
      return paise;
    }),
  method: z.enum(refundMethods, { error: "Choose how the money was sent back" }),
  reference: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]{0,59}$/, "Enter the bank's or UPI app's reference"),
  refundedOn: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the day the money was sent back"),
  note: orderNoteSchema,
});
export type RefundForm = z.output<typeof refundFormSchema>;
