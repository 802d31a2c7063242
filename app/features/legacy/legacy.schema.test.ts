import { describe, expect, it } from "vitest";
import {
  categoryOf,
  legacyBatterySchema,
  legacyOrderSchema,
  legacyOutletSchema,
  legacyUserSchema,
  parseCapacityAh,
  parseLegacyPaise,
  parseLocation,
  parseQuantity,
  parseUsShortDate,
  parseVoltageV,
  parseWarrantyMonths,
} from "./legacy.schema";

describe("the old site's text formats", () => {
  it.each([
    ["₹4,500", 450_000],
    ["₹ 4500", 450_000],
    ["Rs. 4,599.50", 459_950],
    ["INR 1,23,456", 12_345_600],
    ["123,456", 12_345_600],
    ["4500", 450_000],
    [4500, 450_000],
    [4599.5, 459_950],
    ["₹0", 0],
  ])("reads the price %j as %i paise", (text, paise) => {
    expect(parseLegacyPaise(text)).toBe(paise);
  });

  it.each(["₹4,5OO", "₹4,50,0", "45.00.00", "₹4,500.505", "$45", "", "₹", "-4500", "4 500"])(
    "refuses the price %j (the old site would have stripped it to digits)",
    (text) => {
      expect(parseLegacyPaise(text)).toBeNull();
    },
  );

  it("refuses a price of fractions of a paisa or below zero", () => {
    expect(parseLegacyPaise(45.005)).toBeNull();
    expect(parseLegacyPaise(-1)).toBeNull();
    expect(parseLegacyPaise(Number.NaN)).toBeNull();
  });

  it.each([
    ["40Ah", 40],
    ["40 ah", 40],
    ["150AH", 150],
    ["60", 60],
    [50, 50],
    ["7.2Ah", 7.2],
  ])("reads the capacity %j as %s Ah", (text, ah) => {
    expect(parseCapacityAh(text)).toBe(ah);
  });

  it.each(["40Wh", "Ah", "0Ah", "forty Ah", ""])("refuses the capacity %j", (text) => {
    expect(parseCapacityAh(text)).toBeNull();
  });

  it.each([
    ["12V", 12],
    ["24 v", 24],
    ["36 volts", 36],
    [12, 12],
  ])("reads the voltage %j as %i V", (text, volts) => {
    expect(parseVoltageV(text)).toBe(volts);
  });

  it.each(["12.6V", "12A", "V", "0V"])("refuses the voltage %j", (text) => {
    expect(parseVoltageV(text)).toBeNull();
  });

  it.each([
    ["1 Years", 12],
    ["2 Years", 24],
    ["1 Year", 12],
    ["3years", 36],
    ["18 Months", 18],
    ["6 month", 6],
    ["0 Years", 0],
  ])("reads the warranty %j as %i months", (text, months) => {
    expect(parseWarrantyMonths(text)).toBe(months);
  });

  it.each([["2"], [2], ["1.5 Years"], ["two years"], ["21 Years"]])(
    "refuses the warranty %j (a bare number could be years or months)",
    (text) => {
      expect(parseWarrantyMonths(text)).toBeNull();
    },
  );

  it("reads a location as latitude,longitude, in range", () => {
    expect(parseLocation("23.06,72.52")).toEqual({ lat: 23.06, lng: 72.52 });
    expect(parseLocation(" 23.064184 , 72.529659 ")).toEqual({ lat: 23.064184, lng: 72.529659 });
    expect(parseLocation("23.06;72.52")).toBeNull();
    expect(parseLocation("123.06,72.52")).toBeNull();
    expect(parseLocation("23.06")).toBeNull();
  });

  it("reads an order date in US English's short form, a real day only", () => {
    expect(parseUsShortDate("Mar 5, 2025")).toBe("2025-03-05");
    expect(parseUsShortDate("Dec 31, 2024")).toBe("2024-12-31");
    expect(parseUsShortDate("sep 9,2024")).toBe("2024-09-09");
    expect(parseUsShortDate("Feb 29, 2024")).toBe("2024-02-29");
    expect(parseUsShortDate("Feb 29, 2025")).toBeNull();
    expect(parseUsShortDate("5 Mar 2025")).toBeNull();
    expect(parseUsShortDate("2025-03-05")).toBeNull();
  });

  it("takes a quantity of 1 to 4, as the old dropdown offered", () => {
    expect(parseQuantity(1)).toBe(1);
    expect(parseQuantity("4")).toBe(4);
    for (const bad of [0, 5, 1.5, "two", null, "cart"]) expect(parseQuantity(bad)).toBeNull();
  });

  it("gives an old battery a category from its voltage and capacity", () => {
    expect(categoryOf(40, 12)).toBe("car");
    expect(categoryOf(9, 12)).toBe("bike");
    expect(categoryOf(150, 12)).toBe("inverter");
    expect(categoryOf(100, 24)).toBe("industrial");
  });
});

describe("the old documents", () => {
  const battery = {
    model: "MILEAGE-40L",
    capacity: "40Ah",
    voltage: "12V",
    warranty: "1 Years",
    price: "₹4,500",
  };

  it("reads a battery into the store's numbers", () => {
    expect(legacyBatterySchema.parse({ ...battery, imageUrl: "" })).toEqual({
      model: "MILEAGE-40L",
      capacity: 40,
      voltage: 12,
      warranty: 12,
      price: 450_000,
      imageUrl: undefined,
      category: undefined,
    });
    expect(legacyBatterySchema.parse({ ...battery, category: "Inverter" }).category).toBe(
      "inverter",
    );
  });

  it("says which field is wrong and why, for every wrong field", () => {
    const result = legacyBatterySchema.safeParse({
      ...battery,
      price: "₹4,5OO",
      capacity: "7.2Ah",
      warranty: undefined,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["capacity", "must be a whole number of Ah (the store keeps whole ampere-hours)"],
      ["warranty", "missing"],
      ["price", '"₹4,5OO" is not an amount'],
    ]);
  });

  it("refuses a price of nothing or above the store's cap", () => {
    const free = legacyBatterySchema.safeParse({ ...battery, price: "₹0" });
    expect(free.error?.issues[0]?.message).toBe("must be more than ₹0");
    const dear = legacyBatterySchema.safeParse({ ...battery, price: "₹10,00,001" });
    expect(dear.error?.issues[0]?.message).toMatch(/above ₹10,00,000/);
  });

  it("reads a user document's cart fields, besides the placeholder", () => {
    expect(
      legacyUserSchema.parse({
        email: " Asha@Example.in",
        displayName: "Asha",
        cart: "cart",
        "MILEAGE-40L": 2,
      }),
    ).toEqual({
      email: "asha@example.in",
      displayName: "Asha",
      cart: [{ model: "MILEAGE-40L", quantity: 2 }],
    });
    expect(legacyUserSchema.safeParse({ displayName: "Asha" }).error?.issues[0]?.message).toBe(
      "missing",
    );
  });

  it("reads an outlet with or without its location", () => {
    const outlet = {
      id: 4,
      name: "Shree Batteries",
      address: "CG Road",
      city: "Ahmedabad",
      pincode: 380009,
    };
    expect(legacyOutletSchema.parse({ ...outlet, location: "23.03,72.56" })).toMatchObject({
      pincode: "380009",
      location: { lat: 23.03, lng: 72.56 },
    });
    expect(legacyOutletSchema.parse({ ...outlet, location: "" }).location).toBeNull();
    expect(
      legacyOutletSchema.safeParse({ ...outlet, location: "north of the station" }).error?.issues[0]
        ?.message,
    ).toBe('"north of the station" is not a location (latitude,longitude)');
  });

  it("reads an order with its five-digit id, total, date and batteries", () => {
    expect(
      legacyOrderSchema.parse({
        id: "48213",
        name: "Asha",
        total: "₹4,500",
        date: "Mar 5, 2025",
        items: { "MILEAGE-40L": "1" },
      }),
    ).toEqual({
      id: 48213,
      name: "Asha",
      total: 450_000,
      date: "2025-03-05",
      items: { "MILEAGE-40L": 1 },
    });
    const noLines = legacyOrderSchema.safeParse({
      id: 1234,
      name: "Asha",
      total: 100,
      date: "Mar 5, 2025",
      items: {},
    });
    expect(noLines.error?.issues.map((i) => i.path.join("."))).toEqual(["id", "items"]);
  });
});
