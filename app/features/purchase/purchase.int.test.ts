import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, cartItems, deliveryAreas, exchangeRates } from "~/db/schema";
import { addToCart, listCartLines, mergeGuestCart } from "~/features/cart/cart.server";
import { Conflict } from "~/lib/errors";
import { createProduct, createUser } from "../../../tests/factories";
import { checkViolation } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { checkDelivery, saveDeliveryArea } from "./delivery.server";
import { deleteExchangeRate, findExchangeOffer, saveExchangeRate } from "./exchange.server";
import { exchangeRateFormSchema } from "./purchase.schema";

let t: TestDatabase;
let admin: { id: string };

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin" });
  // Typed as the admin form sends them: rupees with Indian grouping.
  for (const band of [
    { category: "car", minCapacityAh: "1", maxCapacityAh: "45", credit: "700" },
    { category: "car", minCapacityAh: "46", maxCapacityAh: "70", credit: "1,000.50" },
    { category: "inverter", minCapacityAh: "100", maxCapacityAh: "200", credit: "2,200" },
  ]) {
    await saveExchangeRate(t.db, { ...exchangeRateFormSchema.parse(band), id: null }, admin);
  }
});
afterAll(async () => {
  await t?.close();
});

describe("exchange price (old battery returned)", () => {
  it("takes the credit of the category's band holding the capacity, in paise, ends included", async () => {
    const car = { category: "car" as const, pricePaise: 5_499_00 };
    expect(await findExchangeOffer(t.db, { ...car, capacityAh: 45 })).toEqual({
      creditPaise: 700_00,
      pricePaise: 4_799_00,
    });
    expect(await findExchangeOffer(t.db, { ...car, capacityAh: 46 })).toEqual({
      creditPaise: 1_000_50,
      pricePaise: 4_498_50,
    });
    expect(await findExchangeOffer(t.db, { ...car, capacityAh: 71 })).toBeNull();
    // A bike battery has no band here: no exchange offer.
    expect(
      await findExchangeOffer(t.db, { category: "bike", capacityAh: 5, pricePaise: 1_200_00 }),
    ).toBeNull();
  });

  it("makes no offer when the credit would leave nothing to pay", async () => {
    expect(
      await findExchangeOffer(t.db, { category: "car", capacityAh: 40, pricePaise: 700_00 }),
    ).toBeNull();
  });

  it("refuses a band overlapping another of its category, storing nothing", async () => {
    const before = await t.db.select().from(exchangeRates);
    const overlapping = exchangeRateFormSchema.parse({
      category: "car",
      minCapacityAh: "60",
      maxCapacityAh: "90",
      credit: "1200",
    });
    const error = await saveExchangeRate(t.db, { ...overlapping, id: null }, admin).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Conflict).fieldErrors.minCapacityAh).toBe(
      "Car batteries from 46Ah to 70Ah already have an exchange price",
    );
    expect(await t.db.select().from(exchangeRates)).toEqual(before);
  });

  it("lets a band be edited over its own range, and audits changes", async () => {
    const [band] = await t.db
      .select()
      .from(exchangeRates)
      .where(eq(exchangeRates.minCapacityAh, 100));
    if (!band) throw new Error("band missing");
    const changed = exchangeRateFormSchema.parse({
      category: "inverter",
      minCapacityAh: "90",
      maxCapacityAh: "200",
      credit: "2500",
    });
    await saveExchangeRate(t.db, { ...changed, id: band.id }, admin);
    const [after] = await t.db.select().from(exchangeRates).where(eq(exchangeRates.id, band.id));
    expect(after).toMatchObject({ minCapacityAh: 90, creditPaise: 2_500_00 });
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(band.id)));
    expect(audits.map((a) => a.action)).toContain("exchange_rate.update");
  });

  it("refuses a band whose largest capacity is below its smallest (form and database)", async () => {
    const parsed = exchangeRateFormSchema.safeParse({
      category: "bike",
      minCapacityAh: "10",
      maxCapacityAh: "5",
      credit: "200",
    });
    expect(parsed.success).toBe(false);
    await expect(
      t.db
        .insert(exchangeRates)
        .values({ category: "bike", minCapacityAh: 10, maxCapacityAh: 5, creditPaise: 100 }),
    ).rejects.toMatchObject(checkViolation("exchange_rates_band_check"));
  });
});

describe("the exchange choice on a cart line", () => {
  it("stores the choice and its credit per battery; the line total is in paise", async () => {
    const customer = await createUser(t);
    const product = await createProduct(t, { capacityAh: 40, pricePaise: 5_499_00 });
    await addToCart(t.db, { userId: customer.id }, product.id, 2, true);
    const [line] = await listCartLines(t.db, { userId: customer.id });
    expect(line).toMatchObject({
      productId: product.id,
      quantity: 2,
      exchange: true,
      exchangeCreditPaise: 700_00,
      unitPricePaise: 5_499_00,
      lineTotalPaise: 2 * 4_799_00,
    });
    // Added again without the exchange: the latest choice is the line's.
    await addToCart(t.db, { userId: customer.id }, product.id, 1, false);
    const [again] = await listCartLines(t.db, { userId: customer.id });
    expect(again).toMatchObject({
      quantity: 3,
      exchange: false,
      exchangeCreditPaise: 0,
      lineTotalPaise: 3 * 5_499_00,
    });
  });

  it("refuses the exchange for a battery without an offer, adding nothing", async () => {
    const customer = await createUser(t);
    const bike = await createProduct(t, { category: "bike", capacityAh: 5 });
    await expect(addToCart(t.db, { userId: customer.id }, bike.id, 1, true)).rejects.toThrow(
      "The old-battery exchange is not offered for this battery",
    );
    expect(await listCartLines(t.db, { userId: customer.id })).toEqual([]);
  });

  it("keeps the choice when a visitor's cart joins theirs at sign-in", async () => {
    const customer = await createUser(t);
    const product = await createProduct(t, { capacityAh: 60, pricePaise: 7_000_00 });
    const { cartId } = await addToCart(t.db, {}, product.id, 1, true);
    await mergeGuestCart(t.db, cartId, customer.id);
    const [line] = await listCartLines(t.db, { userId: customer.id });
    expect(line).toMatchObject({ exchange: true, exchangeCreditPaise: 1_000_50 });
  });

  it("never stores a credit on a line without the exchange (database check)", async () => {
    const customer = await createUser(t);
    const product = await createProduct(t);
    const { cartId } = await addToCart(t.db, { userId: customer.id }, product.id, 1);
    await expect(
      t.db.update(cartItems).set({ exchangeCreditPaise: 100 }).where(eq(cartItems.cartId, cartId)),
    ).rejects.toMatchObject(checkViolation("cart_items_exchange_check"));
  });

  it("a deleted band stops new exchange choices", async () => {
    const [band] = await t.db
      .select()
      .from(exchangeRates)
      .where(eq(exchangeRates.maxCapacityAh, 45));
    if (!band) throw new Error("band missing");
    await deleteExchangeRate(t.db, { id: band.id }, admin);
    expect(
      await findExchangeOffer(t.db, { category: "car", capacityAh: 40, pricePaise: 5_000_00 }),
    ).toBeNull();
  });
});

describe("delivery by pincode", () => {
  beforeAll(async () => {
    await t.db.insert(deliveryAreas).values([
      { prefix: "380", city: "Ahmedabad", days: 2 },
      { prefix: "380015", city: "Ahmedabad (Satellite)", days: 1 },
    ]);
  });

  it("is served by the longest matching prefix, with its days", async () => {
    expect(await checkDelivery(t.db, "380015")).toEqual({
      pincode: "380015",
      served: true,
      city: "Ahmedabad (Satellite)",
      days: 1,
    });
    expect(await checkDelivery(t.db, "380009")).toMatchObject({ served: true, days: 2 });
  });

  it("says when a pincode is not served", async () => {
    expect(await checkDelivery(t.db, "999999")).toEqual({ pincode: "999999", served: false });
  });

  it("refuses a second area for the same prefix", async () => {
    await expect(
      saveDeliveryArea(t.db, { prefix: "380", city: "Elsewhere", days: 3, current: null }, admin),
    ).rejects.toThrow("That pincode already has a delivery area");
  });
});
