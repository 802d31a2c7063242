import { z } from "zod";
import { gstinSchema, legalNameSchema, stateSchema } from "~/features/gst/gst.schema";
import { lineField, textField } from "~/lib/text.schema";
import { openStreetMapTiles } from "./public-store";

/** A UPI virtual payment address: handle@provider. */
export const upiIdSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,64}$/, "Enter a UPI ID such as name@bank");

/** Indian mobile or landline written for people, e.g. "+91 98765 43210" or "079 2658 1234". */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{7,16}[0-9]$/, "Enter a valid phone number");

/** A link shown to every visitor: https only (never javascript:, data: or plain http). */
const httpsUrl = z.url({ protocol: /^https$/, error: "Enter an https:// address" });

const socialSchema = z
  .object({
    facebook: httpsUrl.optional(),
    instagram: httpsUrl.optional(),
    youtube: httpsUrl.optional(),
    x: httpsUrl.optional(),
    whatsapp: httpsUrl.optional(),
  })
  .strict();

/**
 * A map tile server's address with its {z}, {x} and {y} holes (and optionally {s}), over https.
 * It is only ever used as an image URL by the visitor's browser.
 */
export const tileUrlSchema = z
  .string()
  .trim()
  .max(300)
  .regex(/^https:\/\/[^\s"'<>]+$/, "Enter an https:// address")
  .refine((url) => ["{z}", "{x}", "{y}"].every((hole) => url.includes(hole)), {
    message: "The address needs {z}, {x} and {y} where the tile goes",
  });

/** A point on the map, in degrees. */
export const geoPointSchema = z
  .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
  .strict();
export type GeoPoint = z.infer<typeof geoPointSchema>;

/** The rule of every store setting. Each top-level key is one row in `settings`. */
export const settingRules = {
  brandName: lineField().min(2).max(60),
  tagline: lineField().max(120),
  /** The tagline in Hindi and Gujarati (issue 26); a missing one shows the English tagline. */
  taglineTranslations: z
    .object({
      hi: z
        .object({ tagline: lineField().min(1).max(120) })
        .strict()
        .optional(),
      gu: z
        .object({ tagline: lineField().min(1).max(120) })
        .strict()
        .optional(),
    })
    .strict(),
  supportEmail: z.email().max(254).nullable(),
  supportPhone: phoneSchema.nullable(),
  address: lineField().max(300).nullable(),
  upiPayeeId: upiIdSchema.nullable(),
  upiPayeeName: lineField().min(2).max(50).nullable(),
  social: socialSchema,
  /** Where the back office's market rates tool posts its date (http or https). */
  marketRatesEndpoint: z
    .url({ protocol: /^https?$/, error: "Enter an http:// or https:// address" })
    .max(500)
    .nullable(),
  /** Lets that tool reach private and local addresses (an endpoint on the store's own network);
   * off, only public servers are asked (ADR 035). */
  marketRatesAllowPrivate: z.boolean(),
  /** Where the maps' tiles come from, and the credit the tile server asks for. */
  mapTileUrl: tileUrlSchema,
  mapAttribution: z.string().trim().min(2).max(200),
  /** The store's own place, shown on the contact page's map; null: no map there. */
  storeLocation: geoPointSchema.nullable(),
  /** The GST rate included in the store's prices, in percent (two decimals at most). */
  gstPercent: z.number().min(0).max(40).multipleOf(0.01),
  /** Shipping for an order below the free-shipping amount, in paise. */
  shippingFeePaise: z.number().int().min(0).max(10_000_000),
  /** From this amount (after any discount) shipping is free, in paise; null: never free. */
  freeShippingFromPaise: z.number().int().min(0).max(1_000_000_000).nullable(),
  /** How long a customer has to pay a placed order by UPI before it lapses (its stock and promo
   * use given back), in hours. */
  paymentWindowHours: z.number().int().min(1).max(720),
  /** Pay on installation (cash or UPI to the fitter, ADR 031): offered at checkout or not. */
  payOnInstallationEnabled: z.boolean(),
  /** The largest order total that may be paid on installation, in paise. */
  payOnInstallationMaxPaise: z.number().int().min(100).max(1_000_000_000),
  /** The seller on tax invoices (ADR 033): legal name, address registered for GST (one line
   * each), State and GSTIN. Until all four are set, invoices are the demo store's only. */
  sellerLegalName: legalNameSchema.nullable(),
  sellerAddress: textField().min(10).max(300).nullable(),
  sellerState: stateSchema.nullable(),
  sellerGstin: gstinSchema.nullable(),
  /** The dashboard lists active products with this many or fewer in stock (issue 25). */
  lowStockThreshold: z.number().int().min(0).max(1000),
};

export const storeSettingsSchema = z.object(settingRules).strict();
export type StoreSettings = z.infer<typeof storeSettingsSchema>;
export type SettingKey = keyof StoreSettings;

/** What a store has before anyone sets anything: a name, and no contact or payment details. */
export const defaultSettings: StoreSettings = {
  brandName: "UrjaCell",
  tagline: "Batteries for every journey",
  taglineTranslations: {},
  supportEmail: null,
  supportPhone: null,
  address: null,
  upiPayeeId: null,
  upiPayeeName: null,
  social: {},
  marketRatesEndpoint: null,
  marketRatesAllowPrivate: false,
  mapTileUrl: openStreetMapTiles.tileUrl,
  mapAttribution: openStreetMapTiles.attribution,
  storeLocation: null,
  // The rate batteries (HSN 8507) carry since GST's 2025 revision; an admin can change it.
  gstPercent: 18,
  // Free shipping until an admin sets a fee.
  shippingFeePaise: 0,
  freeShippingFromPaise: null,
  // Two days: time to pay from a bank app that needs the next working day (issue 20).
  paymentWindowHours: 48,
  // Off until the owner turns it on; a typical single battery with installation fits under it.
  payOnInstallationEnabled: false,
  payOnInstallationMaxPaise: 2_500_000,
  sellerLegalName: null,
  sellerAddress: null,
  sellerState: null,
  sellerGstin: null,
  lowStockThreshold: 5,
};

/** A change to some settings: each given key must pass its own rule; absent keys stay as they are. */
export const settingsPatchSchema = z.object(settingRules).partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/**
 * Builds the settings from stored rows. Unknown keys are ignored and a stored value that no
 * longer passes its rule falls back to the default, so a bad row can never take the store down.
 */
export function resolveSettings(rows: ReadonlyArray<{ key: string; value: unknown }>): {
  settings: StoreSettings;
  invalidKeys: string[];
} {
  const resolved: Record<string, unknown> = { ...defaultSettings };
  const invalidKeys: string[] = [];
  for (const { key, value } of rows) {
    if (!Object.hasOwn(settingRules, key)) continue;
    const parsed = settingRules[key as SettingKey].safeParse(value);
    if (parsed.success) resolved[key] = parsed.data;
    else invalidKeys.push(key);
  }
  return { settings: resolved as StoreSettings, invalidKeys };
}
