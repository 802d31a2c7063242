/** Domain value lists, declared once and reused by the database checks and the zod schemas. */
export const productCategories = ["car", "bike", "inverter", "industrial"] as const;
export type ProductCategory = (typeof productCategories)[number];

export const vehicleTypes = ["car", "bike", "commercial"] as const;
export type VehicleType = (typeof vehicleTypes)[number];

export const fuelTypes = ["Petrol", "Diesel", "CNG", "Electric", "Hybrid"] as const;
export type FuelType = (typeof fuelTypes)[number];

export const outletKinds = ["dealer", "service_centre"] as const;
export type OutletKind = (typeof outletKinds)[number];

/** The battery categories an outlet sells or services (industrial batteries are sold direct). */
export const outletCategories = ["car", "bike", "inverter"] as const;
export type OutletCategory = (typeof outletCategories)[number];

/** A service booking's life: requested by the customer, then confirmed, completed or cancelled. */
export const bookingStatuses = ["requested", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** The battery trouble a customer may name when booking (the spec's three options). */
export const bookingIssues = ["not_charging", "low_voltage", "replacement"] as const;
export type BookingIssue = (typeof bookingIssues)[number];

export const userRoles = ["user", "admin"] as const;
export type UserRole = (typeof userRoles)[number];

/** An order's life (features/orders/order-status.ts says which moves are allowed). */
export const orderStatuses = [
  "payment_pending",
  /** Pay on installation (ADR 031): placed, nothing to pay until the fitter comes. */
  "placed",
  "paid",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A promo code takes a percentage of the subtotal, or a fixed amount off it. */
export const promoKinds = ["percent", "fixed"] as const;
export type PromoKind = (typeof promoKinds)[number];

/** Renders a list as a SQL IN-list of string literals for CHECK constraints. */
export function sqlList(values: readonly string[]): string {
  return values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
}

/** How money owed back for a cancelled paid order was returned. */
export const refundMethods = ["upi", "bank_transfer", "cash", "other"] as const;
export type RefundMethod = (typeof refundMethods)[number];

/** Who carries a shipped order: common Indian couriers, the store's own van, or another. */
export const couriers = [
  "delhivery",
  "blue_dart",
  "dtdc",
  "india_post",
  "ekart",
  "xpressbees",
  "own_delivery",
  "other",
] as const;
export type Courier = (typeof couriers)[number];

/** How an order is paid: by UPI before it ships, or on installation (cash or UPI to the fitter,
 * ADR 031). */
export const paymentMethods = ["upi", "on_installation"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** What is wrong with a battery under warranty, as the owner says when raising a claim. */
export const claimProblems = ["not_charging", "low_backup", "swollen_or_leaking", "other"] as const;
export type ClaimProblem = (typeof claimProblems)[number];

/** A warranty claim's life (features/warranty/claim-status.ts says which moves are allowed). */
export const claimStatuses = ["submitted", "inspection", "approved", "rejected", "closed"] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

/** What an approved claim gives: a new battery, or a discount on one (the pro-rata period). */
export const claimOutcomes = ["replacement", "pro_rata"] as const;
export type ClaimOutcome = (typeof claimOutcomes)[number];

/** A tax invoice, or a credit note that undoes one (ADR 033). */
export const taxDocumentKinds = ["invoice", "credit_note"] as const;
export type TaxDocumentKind = (typeof taxDocumentKinds)[number];
/** What a tax document's line is for. */
export const taxLineKinds = ["goods", "shipping"] as const;

/** The lists a CSV can be imported into (features/imports): outlets by kind. */
export const csvImportKinds = ["product", "vehicle", "dealer", "service_centre"] as const;
export type CsvImportKind = (typeof csvImportKinds)[number];
