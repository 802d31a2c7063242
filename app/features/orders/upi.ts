import { ordersMessages } from "./orders.messages";

/**
 * The UPI payment link a checkout's QR code and "Open in UPI app" button carry (NPCI's deep
 * link: upi://pay with the payee's address and name, the amount in rupees, cu=INR, the
 * transaction reference and a note). Values are percent-encoded (never "+" for a space, which
 * some UPI apps show as is).
 */
export type UpiPayment = {
  payeeId: string;
  payeeName: string;
  amountPaise: number;
  /** The checkout's transaction reference (tr). */
  reference: string;
  /** The note the payer sees (tn). */
  note: string;
};

/** Paise as UPI's `am`: rupees with two decimals ("2450.00"). */
export function upiAmount(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise <= 0) {
    throw new RangeError(`A UPI amount is a positive whole number of paise, got ${paise}`);
  }
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

export function upiPayLink(payment: UpiPayment): string {
  const params: [string, string][] = [
    ["pa", payment.payeeId],
    ["pn", payment.payeeName],
    ["am", upiAmount(payment.amountPaise)],
    ["cu", "INR"],
    ["tr", payment.reference],
    ["tn", payment.note],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}`;
}

/** The demo store's payee: a UPI address no bank gives out, so the QR pays nobody. */
export const DEMO_PAYEE = { id: "demo.store@invalid", name: "Demo store" } as const;

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Is this address this machine (where a newcomer tries the demo store)? */
export function isLocalAddress(url: string): boolean {
  const { hostname } = new URL(url);
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith(".localhost");
}

export type Payee =
  | { ok: true; id: string; name: string; demo: boolean }
  | { ok: false; message: string };

/**
 * Who a checkout's QR pays: the payee an admin set in the settings; without one, the demo payee,
 * but only while the store runs on this machine (its configured address and the address the
 * browser used both local). A store on any other address refuses checkout until a real payee
 * is set, so no customer ever pays a QR that pays nobody.
 */
export function checkoutPayee(
  settings: { upiPayeeId: string | null; upiPayeeName: string | null; brandName: string },
  addresses: { publicUrl: string; browserUrl: string },
  refusal: string = ordersMessages.paymentsNotSetUp,
): Payee {
  if (settings.upiPayeeId) {
    return {
      ok: true,
      id: settings.upiPayeeId,
      name: settings.upiPayeeName ?? settings.brandName,
      demo: false,
    };
  }
  if (isLocalAddress(addresses.publicUrl) && isLocalAddress(addresses.browserUrl)) {
    return { ok: true, id: DEMO_PAYEE.id, name: DEMO_PAYEE.name, demo: true };
  }
  return { ok: false, message: refusal };
}

/** What the page shows of a payment: the QR's link and the words around it. */
export type UpiPaymentView = {
  link: string;
  amountPaise: number;
  payeeName: string;
  payeeId: string;
  reference: string;
  demo: boolean;
  demoNotice: string;
  /** When the order must be paid by (ordersMessages.payBy / payWithin). */
  deadline: string;
};

/** The payment a page shows: this payee, this amount, this reference and note. */
export function paymentView(
  payee: { id: string; name: string; demo: boolean },
  payment: { amountPaise: number; reference: string; note: string },
  words: { demoNotice: string; deadline: string },
): UpiPaymentView {
  return {
    link: upiPayLink({ payeeId: payee.id, payeeName: payee.name, ...payment }),
    amountPaise: payment.amountPaise,
    payeeName: payee.name,
    payeeId: payee.id,
    reference: payment.reference,
    demo: payee.demo,
    ...words,
  };
}
