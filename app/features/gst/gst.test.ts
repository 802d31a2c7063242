import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indianStates } from "~/features/places/indian-states";
import { amountInWords } from "./amount-in-words";
import { financialYearOf, financialYearOfDay } from "./financial-year";
import { gstStateCodeOf, stateOfGstCode } from "./gst-states";
import { gstinCheckCharacter, gstinProblem, isValidGstin, normaliseGstin } from "./gstin";
import { defaultHsnOf, hsnOf } from "./hsn";
import {
  basisPointsOf,
  invoiceLinesOf,
  negatedLines,
  shareOut,
  splitInclusive,
  totalsOf,
} from "./tax-split";

const RATES = [500, 1200, 1800, 2800];
const TEN_LAKH_RUPEES = 100_000_000;

describe("the GST inside an inclusive amount", () => {
  it("adds up to the amount exactly for every amount from 1 paisa to Rs 10 lakh, at 5, 12, 18 and 28 %", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 1, max: TEN_LAKH_RUPEES }),
          fc.integer({ min: 1, max: 1000 }),
          fc.constantFrom(1, 2, 3, 99, 100, 118, 11_800, TEN_LAKH_RUPEES - 1, TEN_LAKH_RUPEES),
        ),
        fc.constantFrom(...RATES),
        fc.boolean(),
        (amount, rate, intra) => {
          const split = splitInclusive(amount, rate, intra);
          const taxes = split.cgstPaise + split.sgstPaise + split.igstPaise;
          expect(split.taxablePaise + taxes).toBe(amount);
          // The taxable value is the exact one to within half a paisa.
          const exact = (amount * 10_000) / (10_000 + rate);
          expect(Math.abs(split.taxablePaise - exact)).toBeLessThanOrEqual(0.5);
          if (intra) {
            expect(split.igstPaise).toBe(0);
            expect(split.cgstPaise - split.sgstPaise).toBeGreaterThanOrEqual(0);
            expect(split.cgstPaise - split.sgstPaise).toBeLessThanOrEqual(1);
          } else {
            expect(split.cgstPaise + split.sgstPaise).toBe(0);
          }
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it("takes 18 % out of Rs 1,180 as Rs 1,000 taxable and Rs 90 + Rs 90 within the state", () => {
    expect(splitInclusive(118_000, 1800, true)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 9000,
      sgstPaise: 9000,
      igstPaise: 0,
    });
    expect(splitInclusive(118_000, 1800, false)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000,
    });
  });

  it("gives an odd paisa of tax to CGST", () => {
    // Rs 5,999: taxable 5083.90, tax 915.10 -> 457.55 each; 1 paisa more: 915.11.
    const split = splitInclusive(599_901, 1800, true);
    expect(split.cgstPaise + split.sgstPaise + split.taxablePaise).toBe(599_901);
    expect(split.cgstPaise - split.sgstPaise).toBe((599_901 - split.taxablePaise) % 2);
  });

  it("reads percent rates as basis points", () => {
    expect(basisPointsOf(18)).toBe(1800);
    expect(basisPointsOf(12.5)).toBe(1250);
    expect(() => basisPointsOf(-1)).toThrow(RangeError);
  });
});

describe("an order's invoice lines", () => {
  const lines = [
    {
      description: "EXIDE MT40",
      hsn: "850710",
      quantity: 2,
      unitPricePaise: 549_900,
      exchangeCreditPaise: 60_000,
    },
    {
      description: "Luminous RC18000",
      hsn: "850720",
      quantity: 1,
      unitPricePaise: 1_499_900,
      exchangeCreditPaise: 0,
    },
  ];

  it("shares the promo discount over the batteries and keeps the order's total to the paisa", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 4 }),
            unitPricePaise: fc.integer({ min: 1, max: TEN_LAKH_RUPEES }),
            credit: fc.integer({ min: 0, max: 100 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(...RATES),
        fc.boolean(),
        (shapes, promoPercent, shippingPaise, rate, intra) => {
          const sold = shapes.map((shape, index) => ({
            description: `B${index}`,
            hsn: "850710",
            quantity: shape.quantity,
            unitPricePaise: shape.unitPricePaise,
            exchangeCreditPaise: Math.floor((shape.unitPricePaise * shape.credit) / 100),
          }));
          const subtotal = sold.reduce(
            (sum, line) => sum + line.quantity * (line.unitPricePaise - line.exchangeCreditPaise),
            0,
          );
          const discountPaise = Math.floor((subtotal * promoPercent) / 100);
          const invoice = invoiceLinesOf(
            { lines: sold, discountPaise, shippingPaise },
            rate,
            intra,
          );
          const totals = totalsOf(invoice);
          expect(totals.totalPaise).toBe(subtotal - discountPaise + shippingPaise);
          expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(
            totals.totalPaise,
          );
          for (const line of invoice) {
            expect(line.quantity * line.unitPricePaise - line.discountPaise).toBe(line.totalPaise);
            expect(line.totalPaise).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("prints the exchange credit and the promo share as each line's discount, and shipping under the largest line's HSN", () => {
    const invoice = invoiceLinesOf(
      { lines, discountPaise: 100_000, shippingPaise: 20_000 },
      1800,
      true,
    );
    // After exchange: 979,800 and 1,499,900 of 2,479,700; Rs 1,000 shared 395.13 / 604.87.
    expect(invoice.map((line) => line.discountPaise)).toEqual([120_000 + 39_513, 60_487, 0]);
    expect(invoice[2]).toMatchObject({
      kind: "shipping",
      hsn: "850720",
      quantity: 1,
      totalPaise: 20_000,
    });
    expect(totalsOf(invoice).totalPaise).toBe(2 * 549_900 - 120_000 + 1_499_900 - 100_000 + 20_000);
  });

  it("has no shipping line when delivery is free", () => {
    expect(invoiceLinesOf({ lines, discountPaise: 0, shippingPaise: 0 }, 1800, false)).toHaveLength(
      2,
    );
  });

  it("negates every amount for a credit note", () => {
    const invoice = invoiceLinesOf(
      { lines, discountPaise: 100_000, shippingPaise: 20_000 },
      1800,
      false,
    );
    const credit = totalsOf(negatedLines(invoice));
    const original = totalsOf(invoice);
    expect(credit).toEqual({
      taxablePaise: -original.taxablePaise,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: -original.igstPaise,
      totalPaise: -original.totalPaise,
    });
  });

  it("shares out exactly, by largest remainder", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(0, [0, 0])).toEqual([0, 0]);
    expect(() => shareOut(5, [0])).toThrow(RangeError);
  });
});

describe("CGST and SGST or IGST by state", () => {
  it("knows every state's and union territory's GST code, each once", () => {
    const codes = indianStates.map(gstStateCodeOf);
    expect(codes.every((code) => /^\d{2}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(indianStates.length);
    expect(gstStateCodeOf("Gujarat")).toBe("24");
    expect(gstStateCodeOf("Maharashtra")).toBe("27");
    expect(gstStateCodeOf("Andhra Pradesh")).toBe("37");
    expect(gstStateCodeOf("Atlantis")).toBe("");
    expect(stateOfGstCode("38")).toBe("Ladakh");
    expect(stateOfGstCode("28")).toBeNull();
  });
});

describe("a GSTIN's check character", () => {
  it.each(["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "24AAACC1206D1ZM", "33AAACH7409R1Z8"])(
    "accepts %s",
    (gstin) => {
      expect(isValidGstin(gstin)).toBe(true);
    },
  );

  it.each([
    ["27AAPFU0939F1ZW", "check"],
    ["24AAACC1206D1ZN", "check"],
    ["28AAPFU0939F1ZV", "state"],
    ["27AAPFU0939F1Z", "shape"],
    ["27aapfu0939f1zv", "shape"],
    ["27AAPFU0939F0ZV", "shape"],
    ["27AAPF10939F1ZV", "shape"],
  ] as const)("refuses %s (%s)", (gstin, problem) => {
    expect(gstinProblem(gstin)).toBe(problem);
  });

  it("catches any one character typed wrong", () => {
    const valid = "27AAPFU0939F1ZV";
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 35 }), (at, shift) => {
        const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        const changed = alphabet[(alphabet.indexOf(valid[at] as string) + shift) % 36] as string;
        expect(isValidGstin(valid.slice(0, at) + changed + valid.slice(at + 1))).toBe(false);
      }),
    );
  });

  it("is typed with spaces and in lower case", () => {
    expect(normaliseGstin(" 27aapfu0939f1zv ")).toBe("27AAPFU0939F1ZV");
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
  });
});

describe("an amount in words", () => {
  it.each([
    [0, "Rupees Zero Only"],
    [1, "One Paise Only"],
    [99, "Ninety-Nine Paise Only"],
    [100, "Rupees One Only"],
    [10_000_000, "Rupees One Lakh Only"],
    [1_000_000_000, "Rupees One Crore Only"],
    [
      12_345_650,
      "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only",
    ],
    [
      12_345_678_905,
      "Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only",
    ],
    [-54_990, "Rupees Five Hundred Forty-Nine and Ninety Paise Only"],
  ])("says %i paise as %s", (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });
});

describe("the financial year", () => {
  it("turns on 1 April by India's calendar", () => {
    expect(financialYearOfDay("2027-03-31")).toEqual({ startYear: 2026, label: "26-27" });
    expect(financialYearOfDay("2027-04-01")).toEqual({ startYear: 2027, label: "27-28" });
    expect(financialYearOfDay("2099-12-31").label).toBe("99-00");
    // 23:59 IST on 31 March is 18:29 UTC; one minute later it is 1 April in India.
    expect(financialYearOf(new Date("2027-03-31T18:29:00Z")).label).toBe("26-27");
    expect(financialYearOf(new Date("2027-03-31T18:30:00Z")).label).toBe("27-28");
  });
});

describe("a product's HSN code", () => {
  it("is its own, else its category's, lithium-ion by its technology", () => {
    expect(defaultHsnOf({ category: "car" })).toBe("850710");
    expect(defaultHsnOf({ category: "bike", technology: "Flooded, calcium alloy" })).toBe("850710");
    expect(defaultHsnOf({ category: "inverter", technology: "Tall tubular" })).toBe("850720");
    expect(defaultHsnOf({ category: "industrial" })).toBe("850720");
    expect(defaultHsnOf({ category: "inverter", technology: "Lithium iron phosphate" })).toBe(
      "850760",
    );
    expect(defaultHsnOf({ category: "bike", technology: "Li-ion" })).toBe("850760");
    expect(hsnOf({ hsnCode: "85079090", category: "car" })).toBe("85079090");
    expect(hsnOf({ hsnCode: null, category: "car" })).toBe("850710");
  });
});
