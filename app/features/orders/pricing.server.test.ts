import { describe, expect, it } from "vitest";
import { type PricingRules, priceOrder, promoDiscount } from "./pricing.server";

const rules: PricingRules = {
  gstPercent: 18,
  shippingFeePaise: 9_900,
  freeShippingFromPaise: 500_000,
};
const line = (unitPricePaise: number, quantity = 1, exchangeCreditPaise = 0) => ({
  unitPricePaise,
  quantity,
  exchangeCreditPaise,
});

describe("an order's totals", () => {
  it("add the lines, less their exchange credit, and ship free from the threshold", () => {
    expect(priceOrder([line(429_900, 2, 50_000)], null, rules)).toEqual({
      subtotalPaise: 759_800,
      discountPaise: 0,
      shippingPaise: 0,
      totalPaise: 759_800,
      gstIncludedPaise: 115_902, // 759,800 × 18/118 = 115,901.69
    });
    const small = priceOrder([line(129_900)], null, rules);
    expect(small.shippingPaise).toBe(9_900);
    expect(small.totalPaise).toBe(139_800);
  });

  it("apply a percentage or a fixed promo from its minimum, and ship by the discounted amount", () => {
    const percent = { kind: "percent" as const, amount: 10, minSubtotalPaise: 100_000 };
    expect(priceOrder([line(520_000)], percent, rules)).toMatchObject({
      subtotalPaise: 520_000,
      discountPaise: 52_000,
      // 468,000 after the discount is under the free-shipping threshold of 500,000.
      shippingPaise: 9_900,
      totalPaise: 477_900,
    });
    const fixed = { kind: "fixed" as const, amount: 20_000, minSubtotalPaise: 300_000 };
    expect(priceOrder([line(250_000)], fixed, rules).discountPaise).toBe(0);
    expect(priceOrder([line(350_000)], fixed, rules).discountPaise).toBe(20_000);
  });

  it("round a percentage to the nearest paisa, halves up, and never discount beyond the subtotal", () => {
    expect(promoDiscount({ kind: "percent", amount: 15, minSubtotalPaise: 0 }, 333)).toBe(50); // 49.95
    expect(promoDiscount({ kind: "percent", amount: 10, minSubtotalPaise: 0 }, 5)).toBe(1); // 0.5
    expect(promoDiscount({ kind: "percent", amount: 100, minSubtotalPaise: 0 }, 9_999)).toBe(9_999);
    expect(promoDiscount({ kind: "fixed", amount: 50_000, minSubtotalPaise: 0 }, 20_000)).toBe(
      20_000,
    );
  });

  it("are exact for large amounts, and 0 with no lines", () => {
    const big = priceOrder(
      [line(900_000_000, 4)],
      { kind: "percent", amount: 7, minSubtotalPaise: 0 },
      rules,
    );
    expect(big.discountPaise).toBe(252_000_000);
    expect(big.totalPaise).toBe(3_348_000_000);
    expect(priceOrder([], null, rules)).toEqual({
      subtotalPaise: 0,
      discountPaise: 0,
      shippingPaise: 0,
      totalPaise: 0,
      gstIncludedPaise: 0,
    });
  });

  it("refuse amounts that are not whole paise or quantities that are not whole", () => {
    for (const bad of [line(100.5), line(100, 1.5), line(100, 0), line(-1), line(100, 1, -5)]) {
      expect(() => priceOrder([bad], null, rules)).toThrow(RangeError);
    }
    expect(() =>
      priceOrder([line(100)], { kind: "percent", amount: 120, minSubtotalPaise: 0 }, rules),
    ).toThrow(RangeError);
  });
});
