/**
 * The couriers an admin picks when an order is shipped, and where a customer tracks a parcel.
 * A tracking link only for a courier whose public tracking address is known to take the number
 * in the address; the others (India Post, DTDC, Xpressbees, another courier) show the number for
 * the customer to type on the courier's site, rather than a link that might lead nowhere.
 */
import { type Courier, couriers } from "~/db/schema/enums";

export { type Courier, couriers };

export const courierLabels: Record<Courier, string> = {
  delhivery: "Delhivery",
  blue_dart: "Blue Dart",
  dtdc: "DTDC",
  india_post: "India Post",
  ekart: "Ekart",
  xpressbees: "Xpressbees",
  own_delivery: "Own delivery (our van or fitter)",
  other: "Other courier",
};

/** The customer's words for the same (their order page and the Shipped mail). */
const customerLabels: Record<Courier, string> = {
  ...courierLabels,
  own_delivery: "Our own delivery team",
  other: "Courier",
};

const trackingPages: Partial<Record<Courier, (number: string) => string>> = {
  delhivery: (n) => `https://www.delhivery.com/track/package/${n}`,
  blue_dart: (n) => `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${n}`,
  ekart: (n) => `https://ekartlogistics.com/shipmenttrack/${n}`,
};

/** Does this courier need a tracking number? (Not the store's own delivery.) */
export function needsTrackingNumber(courier: Courier): boolean {
  return courier !== "own_delivery";
}

/** A shipped order's carrier as its customer is shown it: who, the number, and a link if known. */
export type Shipment = {
  courier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
};

export function shipmentOf(order: {
  courier: Courier | null;
  trackingNumber: string | null;
}): Shipment | null {
  if (!order.courier) return null;
  const number = order.trackingNumber;
  const page = number ? trackingPages[order.courier] : undefined;
  return {
    courier: customerLabels[order.courier],
    trackingNumber: number,
    trackingUrl: page && number ? page(encodeURIComponent(number)) : null,
  };
}

/** The shipment as the Shipped mail tells it: the courier, the number and where to track it. */
export function shipmentLines(shipment: Shipment): string[] {
  if (!shipment.trackingNumber) return [`Sent with: ${shipment.courier}`];
  return [
    `Sent with: ${shipment.courier}, tracking number ${shipment.trackingNumber}`,
    ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : []),
  ];
}
