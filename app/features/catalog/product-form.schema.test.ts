import { describe, expect, it } from "vitest";
import { productMessages } from "./catalog.messages";
import {
  dimensionsToForm,
  missingRequiredField,
  productFormSchema,
  specsFromForm,
} from "./product-form.schema";

const valid = {
  model: "DRIVE-45X",
  category: "car",
  capacityAh: "45",
  voltageV: "12",
  warrantyMonths: "36",
  price: "5,899.50",
  mrp: "",
  stock: "12",
  description: "A car battery.",
};

describe("admin product form", () => {
  it("turns rupees into paise and numbers into numbers", () => {
    expect(productFormSchema.parse(valid)).toMatchObject({
      capacityAh: 45,
      voltageV: 12,
      warrantyMonths: 36,
      price: 589950,
      mrp: undefined,
      stock: 12,
    });
  });

  it("accepts values beyond the spec's options (a 150Ah inverter battery)", () => {
    expect(
      productFormSchema.safeParse({ ...valid, capacityAh: "150", warrantyMonths: "60" }).success,
    ).toBe(true);
  });

  it("refuses a bad price, a negative stock, an MRP below the price and odd model names", () => {
    for (const [field, value] of [
      ["price", "0"],
      ["price", "12.345"],
      ["price", "abc"],
      ["price", "1000000.01"],
      ["mrp", "99999999"],
      ["stock", "-1"],
      ["stock", "2.5"],
      ["capacityAh", "0"],
      ["model", "<script>"],
      ["model", "A".repeat(41)],
    ] as const) {
      const result = productFormSchema.safeParse({ ...valid, [field]: value });
      expect(result.success, `${field}=${value}`).toBe(false);
    }
    const mrp = productFormSchema.safeParse({ ...valid, mrp: "5000" });
    expect(mrp.error?.issues[0]).toMatchObject({
      path: ["mrp"],
      message: "The MRP cannot be lower than the price",
    });
  });

  it("accepts a price of exactly ₹10 lakh, the cap (issue 20), and refuses a rupee more", () => {
    expect(productFormSchema.parse({ ...valid, price: "10,00,000", mrp: "10,00,000" }).price).toBe(
      100_000_000,
    );
    const over = productFormSchema.safeParse({ ...valid, price: "10,00,001" });
    expect(over.error?.issues[0]).toMatchObject({
      path: ["price"],
      message: "Enter a price up to ₹10,00,000",
    });
  });

  it("knows when a required field is empty", () => {
    expect(missingRequiredField(valid)).toBe(false);
    expect(missingRequiredField({ ...valid, stock: " " })).toBe(true);
    expect(missingRequiredField({ ...valid, description: "" })).toBe(false);
  });
});

describe("the warranty terms in the form", () => {
  it("reads the pro-rata months (none when left empty) and the day it went on sale", () => {
    expect(productFormSchema.parse(valid)).toMatchObject({ proRataMonths: 0, onSaleSince: null });
    expect(
      productFormSchema.parse({ ...valid, proRataMonths: " 12 ", onSaleSince: "2024-02-29" }),
    ).toMatchObject({ proRataMonths: 12, onSaleSince: "2024-02-29" });
    expect(productFormSchema.parse({ ...valid, proRataMonths: "" }).proRataMonths).toBe(0);
    expect(productFormSchema.parse({ ...valid, proRataMonths: "120" }).proRataMonths).toBe(120);
  });

  it("refuses pro-rata months that are not a whole number from 0 to 120, and a day that is not one", () => {
    for (const proRataMonths of ["-1", "121", "1.5", "abc", "1000"]) {
      const result = productFormSchema.safeParse({ ...valid, proRataMonths });
      expect(result.success, proRataMonths).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ["proRataMonths"],
        message: productMessages.proRataFormat,
      });
    }
    for (const onSaleSince of ["2025-02-29", "29/02/2024", "soon"]) {
      const result = productFormSchema.safeParse({ ...valid, onSaleSince });
      expect(result.error?.issues[0], onSaleSince).toMatchObject({
        path: ["onSaleSince"],
        message: productMessages.onSaleSinceFormat,
      });
    }
  });
});

describe("the product's HSN code in the form", () => {
  it("takes 4, 6 or 8 digits, and empty for the category's", () => {
    expect(productFormSchema.parse({ ...valid, hsnCode: " 850720 " }).hsnCode).toBe("850720");
    expect(productFormSchema.parse({ ...valid, hsnCode: "8507" }).hsnCode).toBe("8507");
    expect(productFormSchema.parse({ ...valid, hsnCode: "" }).hsnCode).toBeNull();
    for (const hsnCode of ["85071", "8507100", "85071a", "850710900"]) {
      const result = productFormSchema.safeParse({ ...valid, hsnCode });
      expect(result.error?.issues[0], hsnCode).toMatchObject({
        path: ["hsnCode"],
        message: productMessages.hsnFormat,
      });
    }
  });
});

describe("the product's specifications in the form", () => {
  it("stores what was given, and nothing for blank fields", () => {
    const input = productFormSchema.parse({
      ...valid,
      name: "  ",
      technology: "Tall tubular",
      cca: "",
      lengthMm: "502",
      widthMm: "190",
      heightMm: "410",
      weightKg: "58.5",
      terminalLayout: "",
      featured: "on",
    });
    expect(input).toMatchObject({ name: null, featured: true, installationIncluded: false });
    expect(specsFromForm(input)).toEqual({
      technology: "Tall tubular",
      dimensionsMm: "502 × 190 × 410",
      weightKg: 58.5,
    });
  });

  it("refuses part of the size, a bad weight and a CCA out of range", () => {
    const errors = productFormSchema
      .safeParse({
        ...valid,
        lengthMm: "502",
        weightKg: "58.55",
        cca: "5000",
      })
      .error?.flatten().fieldErrors;
    expect(errors?.lengthMm).toEqual(["Enter the length, width and height, or none of them"]);
    expect(errors?.weightKg).toEqual(["Enter the weight in kg, such as 11.5"]);
    expect(errors?.cca).toEqual(["Enter the cold cranking amps as a whole number up to 2,000"]);
  });

  it("shows a stored size back in its three fields", () => {
    expect(dimensionsToForm("242 × 175 × 190")).toEqual({
      lengthMm: "242",
      widthMm: "175",
      heightMm: "190",
    });
    expect(dimensionsToForm("about a shoebox")).toEqual({
      lengthMm: "",
      widthMm: "",
      heightMm: "",
    });
    expect(dimensionsToForm(undefined).lengthMm).toBe("");
  });
});
