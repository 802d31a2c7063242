/**
 * The tests' side of the control port (tests/e2e/control-server.ts, ADR 011): creates users,
 * sessions, products and vehicles in the e2e store's database.
 */
import type { CartLine } from "~/features/cart/cart.server";
import type { SettingsPatch } from "~/features/settings/settings.schema";
import type {
  ControlBookingInput,
  ControlDeliveryAreaInput,
  ControlExchangeRateInput,
  ControlOutlet,
  ControlOutletInput,
  ControlPaidOrderInput,
  ControlProduct,
  ControlProductInput,
  ControlPromoCodeInput,
  ControlUser,
  ControlUserInput,
  ControlVehicle,
  ControlVehicleInput,
  ControlWarrantyClaimInput,
  ControlWarrantyInput,
} from "./control-server";

export type { ControlProduct, ControlUser, ControlVehicle };

/** Same rule as playwright.config.ts, which also passes it to the workers. */
const controlUrl = `http://127.0.0.1:${
  process.env.E2E_CONTROL_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1
}`;

async function post<T>(route: string, body: object): Promise<T> {
  const response = await fetch(`${controlUrl}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`Control port ${route}: ${answer.error ?? response.status}`);
  return answer;
}

/** A new account; signed in (with its session cookie) unless `signedIn: false`. */
export function createUser(input: ControlUserInput = {}): Promise<ControlUser> {
  return post("/users", input);
}

/** A new product with a model of its own (`${tag}-<unique>`), active unless told otherwise. */
export function createProduct(input: ControlProductInput = {}): Promise<ControlProduct> {
  return post("/products", input);
}

/** A new vehicle (model `${model} <unique>`) fitted with the products, recommended one first. */
export function createVehicle(input: ControlVehicleInput): Promise<ControlVehicle> {
  return post("/vehicles", input);
}

/** An old-battery exchange band (credit per battery in paise). */
export function createExchangeRate(input: ControlExchangeRateInput): Promise<{ id: number }> {
  return post("/exchange-rates", input);
}

/** A delivery area: a pincode prefix with its city and days. */
export function createDeliveryArea(input: ControlDeliveryAreaInput): Promise<{ prefix: string }> {
  return post("/delivery-areas", input);
}

/** Sets a product's stock, as if others had bought it meanwhile. */
export function setProductStock(id: number, stock: number): Promise<unknown> {
  return post("/product-stock", { id, stock });
}

/** A dealer or service centre named `${tag} <unique>`, open every day 09:00 to 19:00 unless told. */
export function createOutlet(input: ControlOutletInput): Promise<ControlOutlet> {
  return post("/outlets", input);
}

/** A service booking at an outlet, as a customer left it. */
export function createBooking(input: ControlBookingInput): Promise<{ reference: string }> {
  return post("/bookings", input);
}

/** A battery registered for warranty by the store's rules (bought today unless told). */
export function createWarranty(
  input: ControlWarrantyInput,
): Promise<{ id: number; serial: string; mobile: string }> {
  return post("/warranties", input);
}

/** A claim raised on a registration by the store's rules (its owner's, or a look-up's pass). */
export function createWarrantyClaim(
  input: ControlWarrantyClaimInput,
): Promise<{ id: number; reference: string }> {
  return post("/warranty-claims", input);
}

/** A promo code shoppers can type in the cart. */
/** An order of this customer's, placed by the store's rules and moved on by an admin. */
export function createOrder(input: {
  userId: string;
  productId: number;
  quantity?: number;
  status?: "payment_pending" | "paid" | "shipped" | "delivered";
  adminId?: string;
  /** Marked shipped with this courier and number (default: the store's own delivery). */
  courier?: string;
  trackingNumber?: string;
}): Promise<{ number: number }> {
  return post("/orders", input);
}

/** An order of this customer's paid on the day given, with its tax invoice dated that day. */
export function createPaidOrder(
  input: ControlPaidOrderInput,
): Promise<{ number: number; invoiceNumber: string }> {
  return post("/paid-orders", input);
}

export function createPromoCode(
  input: ControlPromoCodeInput,
): Promise<{ id: number; code: string }> {
  return post("/promo-codes", input);
}

/** Store settings written directly (a settings test's clean-up); resolves once pages show them. */
export function writeSettings(patch: SettingsPatch): Promise<unknown> {
  return post("/settings", patch);
}

/**
 * Waits for, then holds, the store-wide settings lock (control-server.ts): "exclusive" to change
 * the settings, "shared" to rely on their defaults.
 */
export function lockSettings(holder: string, mode: "shared" | "exclusive"): Promise<unknown> {
  return post("/settings-lock", { holder, mode });
}

export function unlockSettings(holder: string): Promise<unknown> {
  return post("/settings-unlock", { holder });
}

/** The user's cart lines as the store computes them (exchange choice and credit included). */
export function readCartLines(userId: string): Promise<CartLine[]> {
  return post("/cart-lines", { userId });
}

type Build = "production" | "development";
export type Runtime = { nodeEnv: string | null; react: Build; reactDomServer: Build };

/** The store process's NODE_ENV and the builds of React it renders with. */
export async function readRuntime(): Promise<Runtime> {
  const response = await fetch(`${controlUrl}/runtime`);
  return (await response.json()) as Runtime;
}
