import { describe, expect, it } from "vitest";
import { gstMessages } from "~/features/gst/gst.messages";
import { marketRatesMessages } from "~/features/market-rates/market-rates.messages";
import { parseForm } from "~/lib/forms";
import { settingsMessages as m } from "./settings.messages";
import { defaultSettings, settingsPatchSchema } from "./settings.schema";
import {
  mapsFormSchema,
  marketRatesSettingsFormSchema,
  paymentsFormSchema,
  payOnInstallationFormSchema,
  settingsFormValues,
  socialFormSchema,
  stockFormSchema,
  storeFormSchema,
  taxInvoicesFormSchema,
} from "./settings-form.schema";

const store = {
  brandName: "Shakti Batteries",
  tagline: "Power that lasts",
  supportEmail: "help@shakti.in",
  supportPhone: "+91 98765 43210",
  address: "12 Relief Road, Ahmedabad 380001",
};

const payments = {
  upiPayeeId: "shakti@okaxis",
  upiPayeeName: "Shakti Batteries",
  gstPercent: "18",
  shippingFee: "99",
  freeShippingFrom: "5,000",
  paymentWindowHours: "48",
};

const errorsOf = (result: ReturnType<typeof parseForm>) =>
  result.success ? {} : result.fieldErrors;

describe("the store form", () => {
  it("gives the settings patch, trimmed", () => {
    const result = parseForm(storeFormSchema, {
      ...store,
      brandName: "  Shakti Batteries ",
      intent: "store",
    });
    expect(result).toEqual({ success: true, data: { ...store, taglineTranslations: {} } });
  });

  it("keeps the tagline in Hindi and Gujarati, a blank one left out (English shows)", () => {
    const result = parseForm(storeFormSchema, {
      ...store,
      tagline_hi: " हर सफ़र के लिए बैटरी ",
      tagline_gu: "  ",
    });
    expect(result).toEqual({
      success: true,
      data: { ...store, taglineTranslations: { hi: { tagline: "हर सफ़र के लिए बैटरी" } } },
    });
    const tooLong = parseForm(storeFormSchema, { ...store, tagline_gu: "ક".repeat(121) });
    expect(errorsOf(tooLong)).toEqual({ tagline_gu: m.tagline });
  });

  it("stores an empty e-mail, phone and address as null, and an empty tagline as empty", () => {
    const result = parseForm(storeFormSchema, {
      brandName: "Shakti",
      tagline: "",
      supportEmail: " ",
      supportPhone: "",
      address: "   ",
    });
    expect(result).toEqual({
      success: true,
      data: {
        brandName: "Shakti",
        tagline: "",
        supportEmail: null,
        supportPhone: null,
        address: null,
        taglineTranslations: {},
      },
    });
  });

  it("refuses what the settings' rules refuse, each with a message next to its field", () => {
    const result = parseForm(storeFormSchema, {
      brandName: "S",
      tagline: "t".repeat(121),
      supportEmail: "not-an-address",
      supportPhone: "12",
      address: "a".repeat(301),
    });
    expect(errorsOf(result)).toEqual({
      brandName: m.brandName,
      tagline: m.tagline,
      supportEmail: m.supportEmail,
      supportPhone: "Enter a valid phone number",
      address: m.address,
    });
  });

  it("asks for the store's name when the field is missing", () => {
    expect(errorsOf(parseForm(storeFormSchema, {}))).toEqual({ brandName: m.brandName });
  });
});

describe("the payments form", () => {
  it("turns rupees into paise and the GST rate into a number", () => {
    const result = parseForm(paymentsFormSchema, {
      ...payments,
      shippingFee: "₹ 1,299.50",
    });
    expect(result).toEqual({
      success: true,
      data: {
        upiPayeeId: "shakti@okaxis",
        upiPayeeName: "Shakti Batteries",
        gstPercent: 18,
        shippingFeePaise: 129_950,
        freeShippingFromPaise: 500_000,
        paymentWindowHours: 48,
      },
    });
  });

  it.each([
    ["12.5", 12.5],
    ["0", 0],
    ["0.25", 0.25],
    ["28 %", 28],
    ["18.00", 18],
    ["40", 40],
  ])("takes a GST rate of %s", (typed, rate) => {
    const result = parseForm(paymentsFormSchema, { ...payments, gstPercent: typed });
    expect(result.success && result.data.gstPercent).toBe(rate);
  });

  it.each(["", "eighteen", "-5", "41", "18.005", "12,5", "1e1"])(
    "refuses a GST rate of '%s'",
    (typed) => {
      const result = parseForm(paymentsFormSchema, { ...payments, gstPercent: typed });
      expect(errorsOf(result)).toEqual({ gstPercent: m.gstPercent });
    },
  );

  it("takes a shipping fee of 0 (free shipping) and no free-shipping amount (never free)", () => {
    const result = parseForm(paymentsFormSchema, {
      ...payments,
      shippingFee: "0",
      freeShippingFrom: " ",
    });
    expect(result.success && result.data).toMatchObject({
      shippingFeePaise: 0,
      freeShippingFromPaise: null,
    });
  });

  it.each(["", "abc", "-99", "99.999", "1,00,001"])("refuses a shipping fee of '%s'", (typed) => {
    const result = parseForm(paymentsFormSchema, { ...payments, shippingFee: typed });
    expect(errorsOf(result)).toEqual({ shippingFee: m.shippingFee });
  });

  it("refuses a free-shipping amount that is not money", () => {
    const result = parseForm(paymentsFormSchema, { ...payments, freeShippingFrom: "lots" });
    expect(errorsOf(result)).toEqual({ freeShippingFrom: m.freeShippingFrom });
  });

  it("takes no payee at all as null for both", () => {
    const result = parseForm(paymentsFormSchema, {
      ...payments,
      upiPayeeId: "",
      upiPayeeName: "  ",
    });
    expect(result.success && result.data).toMatchObject({ upiPayeeId: null, upiPayeeName: null });
  });

  it("wants the payee's UPI ID and name together", () => {
    expect(errorsOf(parseForm(paymentsFormSchema, { ...payments, upiPayeeName: "" }))).toEqual({
      upiPayeeName: m.payeeNameMissing,
    });
    expect(errorsOf(parseForm(paymentsFormSchema, { ...payments, upiPayeeId: "" }))).toEqual({
      upiPayeeId: m.payeeIdMissing,
    });
  });

  it("refuses a UPI ID that is not name@bank, and a one-letter payee name", () => {
    const result = parseForm(paymentsFormSchema, {
      ...payments,
      upiPayeeId: "shakti",
      upiPayeeName: "S",
    });
    expect(errorsOf(result)).toEqual({
      upiPayeeId: "Enter a UPI ID such as name@bank",
      upiPayeeName: m.upiPayeeName,
    });
  });
});

describe("the social links form", () => {
  it("keeps the https links given and leaves the empty ones out", () => {
    const result = parseForm(socialFormSchema, {
      facebook: " https://facebook.com/shakti ",
      instagram: "",
      youtube: "https://youtube.com/@shakti",
      x: "",
    });
    expect(result).toEqual({
      success: true,
      data: {
        social: {
          facebook: "https://facebook.com/shakti",
          youtube: "https://youtube.com/@shakti",
        },
      },
    });
  });

  it("clears every link when all fields are empty", () => {
    expect(parseForm(socialFormSchema, { facebook: "", whatsapp: "" })).toEqual({
      success: true,
      data: { social: {} },
    });
  });

  it.each([
    "http://facebook.com/shakti",
    "javascript:alert(1)",
    "data:text/html,hi",
    "facebook.com/shakti",
  ])("refuses %s", (link) => {
    const result = parseForm(socialFormSchema, { whatsapp: link });
    expect(errorsOf(result)).toEqual({ whatsapp: "Enter an https:// address" });
  });
});

describe("settingsFormValues", () => {
  it("shows money in rupees and empty settings as empty fields", () => {
    const values = settingsFormValues({
      ...defaultSettings,
      gstPercent: 12.5,
      shippingFeePaise: 129_950,
      freeShippingFromPaise: 12_345_600,
      social: { x: "https://x.com/shakti" },
    });
    expect(values).toMatchObject({
      supportEmail: "",
      upiPayeeId: "",
      gstPercent: "12.5",
      shippingFee: "1,299.50",
      freeShippingFrom: "1,23,456",
      x: "https://x.com/shakti",
      facebook: "",
    });
    expect(settingsFormValues(defaultSettings).freeShippingFrom).toBe("");
  });

  it("reads back through the forms as the same settings", () => {
    const saved = {
      ...defaultSettings,
      ...store,
      upiPayeeId: "shakti@okaxis",
      upiPayeeName: "Shakti Batteries",
      gstPercent: 28,
      shippingFeePaise: 4_950,
      freeShippingFromPaise: 250_000,
      social: { instagram: "https://instagram.com/shakti" },
      mapTileUrl: "https://tiles.example.in/{z}/{x}/{y}.png",
      mapAttribution: "© Example Tiles",
      storeLocation: { lat: 23.064184, lng: 72.529659 },
      payOnInstallationEnabled: true,
      payOnInstallationMaxPaise: 3_000_050,
      sellerLegalName: "Shakti Batteries Private Limited",
      sellerAddress: "14 Ashram Road\nNavrangpura, Ahmedabad 380009",
      sellerState: "Gujarat" as const,
      sellerGstin: "24AAACC1206D1ZM",
      marketRatesEndpoint: "https://rates.example.in/api",
      marketRatesAllowPrivate: true,
      lowStockThreshold: 12,
      taglineTranslations: {
        hi: { tagline: "हर सफ़र के लिए बैटरी" },
        gu: { tagline: "દરેક સફર માટે બેટરી" },
      },
    };
    const values = settingsFormValues(saved);
    const patch = {};
    for (const schema of [
      storeFormSchema,
      paymentsFormSchema,
      socialFormSchema,
      mapsFormSchema,
      payOnInstallationFormSchema,
      taxInvoicesFormSchema,
      marketRatesSettingsFormSchema,
      stockFormSchema,
    ]) {
      const result = parseForm(schema, values);
      expect(result.success).toBe(true);
      if (result.success) Object.assign(patch, result.data);
    }
    expect(settingsPatchSchema.parse(patch)).toEqual(saved);
  });
});

describe("mapsFormSchema", () => {
  const valid = {
    mapTileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    mapAttribution: "© OpenStreetMap contributors",
    storeLocation: "23.064184, 72.529659",
  };

  it("reads the store's location, or none when the field is empty", () => {
    expect(parseForm(mapsFormSchema, valid)).toMatchObject({
      success: true,
      data: { storeLocation: { lat: 23.064184, lng: 72.529659 } },
    });
    expect(parseForm(mapsFormSchema, { ...valid, storeLocation: "" })).toMatchObject({
      success: true,
      data: { storeLocation: null },
    });
  });

  it("refuses a tile address without its holes or over plain http, and a point out of range", () => {
    const errors = (values: Record<string, string>) => {
      const result = parseForm(mapsFormSchema, values);
      return result.success ? {} : result.fieldErrors;
    };
    expect(errors({ ...valid, mapTileUrl: "https://tile.example.in/tile.png" })).toHaveProperty(
      "mapTileUrl",
    );
    expect(
      errors({ ...valid, mapTileUrl: "http://tile.openstreetmap.org/{z}/{x}/{y}.png" }),
    ).toHaveProperty("mapTileUrl", "Enter an https:// address");
    expect(errors({ ...valid, storeLocation: "95,72" })).toHaveProperty(
      "storeLocation",
      expect.stringContaining("latitude,longitude"),
    );
  });

  it("reads the time to pay in whole hours from 1 to 720", () => {
    const parsed = parseForm(paymentsFormSchema, { ...payments, paymentWindowHours: " 72 " });
    expect(parsed.success && parsed.data.paymentWindowHours).toBe(72);
    for (const typed of ["0", "721", "1.5", "two days", ""]) {
      const refused = parseForm(paymentsFormSchema, { ...payments, paymentWindowHours: typed });
      expect(errorsOf(refused), typed).toEqual({ paymentWindowHours: m.paymentWindowHours });
    }
  });
});

describe("payOnInstallationFormSchema", () => {
  it("reads the checkbox and the largest order in rupees", () => {
    expect(
      parseForm(payOnInstallationFormSchema, {
        payOnInstallationEnabled: "on",
        payOnInstallationMax: "25,000",
      }),
    ).toEqual({
      success: true,
      data: { payOnInstallationEnabled: true, payOnInstallationMaxPaise: 2_500_000 },
    });
    const off = parseForm(payOnInstallationFormSchema, { payOnInstallationMax: "25000" });
    expect(off.success && off.data.payOnInstallationEnabled).toBe(false);
  });

  it("refuses an amount that is not money, next to its field", () => {
    const result = parseForm(payOnInstallationFormSchema, { payOnInstallationMax: "lots" });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.fieldErrors.payOnInstallationMax).toBe(m.payOnInstallationMax);
    }
  });
});

describe("the tax invoices form", () => {
  const seller = {
    sellerLegalName: "Shakti Batteries Private Limited",
    sellerAddress: "14 Ashram Road, Navrangpura, Ahmedabad 380009",
    sellerState: "Gujarat",
    sellerGstin: " 24aaacc1206d1zm ",
  };

  it("takes all four details, the GSTIN in capitals, or none at all", () => {
    expect(parseForm(taxInvoicesFormSchema, seller)).toMatchObject({
      success: true,
      data: { sellerGstin: "24AAACC1206D1ZM", sellerState: "Gujarat" },
    });
    const none = { sellerLegalName: "", sellerAddress: "", sellerState: "", sellerGstin: "" };
    expect(parseForm(taxInvoicesFormSchema, none)).toMatchObject({
      success: true,
      data: { sellerLegalName: null, sellerAddress: null, sellerState: null, sellerGstin: null },
    });
  });

  it("asks for the missing ones when only some are given", () => {
    const result = parseForm(taxInvoicesFormSchema, {
      ...seller,
      sellerAddress: "",
      sellerState: "",
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.fieldErrors).toEqual({
        sellerAddress: gstMessages.sellerIncomplete,
        sellerState: gstMessages.sellerIncomplete,
      });
    }
  });

  it("refuses a GSTIN with a wrong check character, or one of another State", () => {
    const typo = parseForm(taxInvoicesFormSchema, { ...seller, sellerGstin: "24AAACC1206D1ZN" });
    expect(typo.success || typo.fieldErrors.sellerGstin).toBe(gstMessages.gstinCheck);
    const elsewhere = parseForm(taxInvoicesFormSchema, { ...seller, sellerState: "Kerala" });
    expect(elsewhere.success || elsewhere.fieldErrors.sellerGstin).toBe(
      gstMessages.sellerGstinState("Kerala"),
    );
  });
});

describe("the market rates settings form", () => {
  it("takes an http(s) endpoint or none, and the private-address switch", () => {
    expect(
      parseForm(marketRatesSettingsFormSchema, {
        marketRatesEndpoint: " http://10.0.0.5:8080/rates ",
        marketRatesAllowPrivate: "on",
      }),
    ).toMatchObject({
      success: true,
      data: { marketRatesEndpoint: "http://10.0.0.5:8080/rates", marketRatesAllowPrivate: true },
    });
    expect(parseForm(marketRatesSettingsFormSchema, { marketRatesEndpoint: "" })).toMatchObject({
      success: true,
      data: { marketRatesEndpoint: null, marketRatesAllowPrivate: false },
    });
    for (const endpoint of [
      "file:///etc/passwd",
      "ftp://rates.example.in",
      "gopher://x",
      "rates",
    ]) {
      const result = parseForm(marketRatesSettingsFormSchema, { marketRatesEndpoint: endpoint });
      expect(result.success || result.fieldErrors.marketRatesEndpoint, endpoint).toBe(
        marketRatesMessages.endpointInvalid,
      );
    }
  });
});

describe("stockFormSchema", () => {
  it.each([
    ["5", 5],
    [" 0 ", 0],
    ["1000", 1000],
  ])("takes a low-stock threshold of '%s'", (typed, threshold) => {
    expect(parseForm(stockFormSchema, { lowStockThreshold: typed })).toEqual({
      success: true,
      data: { lowStockThreshold: threshold },
    });
  });

  it.each(["", "-1", "1001", "2.5", "five", "1e2"])("refuses a threshold of '%s'", (typed) => {
    expect(errorsOf(parseForm(stockFormSchema, { lowStockThreshold: typed }))).toEqual({
      lowStockThreshold: m.lowStockThreshold,
    });
  });
});
