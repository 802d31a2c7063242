import { z } from "zod";
import { gstMessages } from "~/features/gst/gst.messages";
import { gstStateCodes } from "~/features/gst/gst-states";
import { marketRatesMessages } from "~/features/market-rates/market-rates.messages";
import { formatLatLng, latLngMessage, parseLatLng } from "~/lib/geo";
import { paiseToRupeeInput, parseRupeesToPaise } from "~/lib/money";
import { settingsMessages as m } from "./settings.messages";
import { type SettingsPatch, type StoreSettings, settingRules } from "./settings.schema";

/**
 * The back office's settings forms (`/admin/settings`), checked by the browser before sending
 * and by the action. Each field is read with the setting's own rule from settings.schema.ts, so
 * a form can never accept what the settings would refuse; each form's output is a settings patch.
 */

/**
 * One setting read from a form field: the text trimmed; an empty (or missing) field given to
 * the rule as `empty`; other text turned into the setting's type by `convert`; a refusal said
 * with `message`, or else with the rule's own message.
 */
function fromField<T extends z.ZodType>(
  rule: T,
  options: { empty: "" | null | undefined; message?: string; convert?: (text: string) => unknown },
) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): z.output<T> => {
      const text = raw?.trim() ?? "";
      const value = text === "" ? options.empty : (options.convert?.(text) ?? text);
      const result = rule.safeParse(value);
      if (result.success) return result.data;
      ctx.addIssue({
        code: "custom",
        message: options.message ?? result.error.issues[0]?.message ?? "Enter a valid value",
      });
      return z.NEVER;
    });
}

/** Rupees as an admin types them ("99", "5,000", "₹ 1,299.50") to paise; NaN when not money. */
const rupeesToPaise = (text: string) => parseRupeesToPaise(text) ?? Number.NaN;

/** A rate in percent ("18", "12.5", "18 %") to a number; NaN when not one. */
const percent = (text: string) => {
  const match = /^(\d{1,3}(?:\.\d+)?)\s*%?$/.exec(text);
  return match ? Number(match[1]) : Number.NaN;
};

/** The store's name and contact details (header, footer, e-mails), the tagline in each language
 * (`tagline_hi`, `tagline_gu`: blank is none, the English one shows). */
export const storeFormSchema = z
  .object({
    brandName: fromField(settingRules.brandName, { empty: "", message: m.brandName }),
    tagline: fromField(settingRules.tagline, { empty: "", message: m.tagline }),
    tagline_hi: fromField(settingRules.tagline, { empty: "", message: m.tagline }),
    tagline_gu: fromField(settingRules.tagline, { empty: "", message: m.tagline }),
    supportEmail: fromField(settingRules.supportEmail, { empty: null, message: m.supportEmail }),
    supportPhone: fromField(settingRules.supportPhone, { empty: null }),
    address: fromField(settingRules.address, { empty: null, message: m.address }),
  })
  .transform(({ tagline_hi, tagline_gu, ...patch }) => ({
    ...patch,
    taglineTranslations: {
      ...(tagline_hi ? { hi: { tagline: tagline_hi } } : {}),
      ...(tagline_gu ? { gu: { tagline: tagline_gu } } : {}),
    },
  })) satisfies z.ZodType<SettingsPatch>;

/** Who UPI payments go to, the GST rate included in prices, and shipping (rupees in the form). */
export const paymentsFormSchema = z
  .object({
    upiPayeeId: fromField(settingRules.upiPayeeId, { empty: null }),
    upiPayeeName: fromField(settingRules.upiPayeeName, { empty: null, message: m.upiPayeeName }),
    gstPercent: fromField(settingRules.gstPercent, {
      empty: undefined,
      message: m.gstPercent,
      convert: percent,
    }),
    shippingFee: fromField(settingRules.shippingFeePaise, {
      empty: undefined,
      message: m.shippingFee,
      convert: rupeesToPaise,
    }),
    freeShippingFrom: fromField(settingRules.freeShippingFromPaise, {
      empty: null,
      message: m.freeShippingFrom,
      convert: rupeesToPaise,
    }),
    paymentWindowHours: fromField(settingRules.paymentWindowHours, {
      empty: undefined,
      message: m.paymentWindowHours,
      convert: (text) => (/^\d{1,4}$/.test(text) ? Number(text) : Number.NaN),
    }),
  })
  .superRefine((v, ctx) => {
    // A payee is its UPI ID and the name it is registered to, set (or cleared) together.
    if (v.upiPayeeId !== null && v.upiPayeeName === null) {
      ctx.addIssue({ code: "custom", path: ["upiPayeeName"], message: m.payeeNameMissing });
    } else if (v.upiPayeeId === null && v.upiPayeeName !== null) {
      ctx.addIssue({ code: "custom", path: ["upiPayeeId"], message: m.payeeIdMissing });
    }
  })
  .transform(
    (v): SettingsPatch => ({
      upiPayeeId: v.upiPayeeId,
      upiPayeeName: v.upiPayeeName,
      gstPercent: v.gstPercent,
      shippingFeePaise: v.shippingFee,
      freeShippingFromPaise: v.freeShippingFrom,
      paymentWindowHours: v.paymentWindowHours,
    }),
  );

/** Pay on installation: offered or not (a checkbox), and up to which order total (rupees). */
export const payOnInstallationFormSchema = z
  .object({
    // A ticked checkbox sends "on"; an unticked one sends nothing.
    payOnInstallationEnabled: z
      .string()
      .optional()
      .transform((ticked) => ticked === "on"),
    payOnInstallationMax: fromField(settingRules.payOnInstallationMaxPaise, {
      empty: undefined,
      message: m.payOnInstallationMax,
      convert: rupeesToPaise,
    }),
  })
  .transform(
    (v): SettingsPatch => ({
      payOnInstallationEnabled: v.payOnInstallationEnabled,
      payOnInstallationMaxPaise: v.payOnInstallationMax,
    }),
  );

const sellerFields = ["sellerLegalName", "sellerAddress", "sellerState", "sellerGstin"] as const;

/** The seller on tax invoices (ADR 033): all four details, or none (invoices stay the demo
 * store's); the GSTIN registered in the State given. */
export const taxInvoicesFormSchema = z
  .object({
    sellerLegalName: fromField(settingRules.sellerLegalName, { empty: null }),
    sellerAddress: fromField(settingRules.sellerAddress, {
      empty: null,
      message: gstMessages.sellerAddress,
    }),
    sellerState: fromField(settingRules.sellerState, {
      empty: null,
      message: "Choose the State the business is registered in",
    }),
    sellerGstin: fromField(settingRules.sellerGstin, { empty: null }),
  })
  .superRefine((v, ctx) => {
    const given = sellerFields.filter((name) => v[name] !== null);
    if (given.length > 0 && given.length < sellerFields.length) {
      for (const name of sellerFields) {
        if (v[name] === null) {
          ctx.addIssue({ code: "custom", path: [name], message: gstMessages.sellerIncomplete });
        }
      }
    }
    if (
      v.sellerGstin &&
      v.sellerState &&
      v.sellerGstin.slice(0, 2) !== gstStateCodes[v.sellerState]
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["sellerGstin"],
        message: gstMessages.sellerGstinState(v.sellerState),
      });
    }
  }) satisfies z.ZodType<SettingsPatch>;

/** The back office's market rates tool: its endpoint, and whether it may be a private address. */
export const marketRatesSettingsFormSchema = z
  .object({
    marketRatesEndpoint: fromField(settingRules.marketRatesEndpoint, {
      empty: null,
      message: marketRatesMessages.endpointInvalid,
    }),
    // A ticked checkbox sends "on"; an unticked one sends nothing.
    marketRatesAllowPrivate: z
      .string()
      .optional()
      .transform((ticked) => ticked === "on"),
  })
  .transform(
    (v): SettingsPatch => ({
      marketRatesEndpoint: v.marketRatesEndpoint,
      marketRatesAllowPrivate: v.marketRatesAllowPrivate,
    }),
  );

const socialRules = settingRules.social.shape;
/** A social link: https only (the setting's rule); an empty field leaves the network out. */
const link = (rule: (typeof socialRules)[keyof typeof socialRules]) =>
  fromField(rule, { empty: undefined });

/** The store's social profiles shown in the footer. */
export const socialFormSchema = z
  .object({
    facebook: link(socialRules.facebook),
    instagram: link(socialRules.instagram),
    youtube: link(socialRules.youtube),
    x: link(socialRules.x),
    whatsapp: link(socialRules.whatsapp),
  })
  .transform(
    (links): SettingsPatch => ({
      social: Object.fromEntries(
        Object.entries(links).filter(([, url]) => url !== undefined),
      ) as StoreSettings["social"],
    }),
  );

/** Where map tiles come from, and the store's own place (the contact page's map). */
export const mapsFormSchema = z.object({
  mapTileUrl: fromField(settingRules.mapTileUrl, { empty: "" }),
  mapAttribution: fromField(settingRules.mapAttribution, { empty: "", message: m.mapAttribution }),
  storeLocation: fromField(settingRules.storeLocation, {
    empty: null,
    // Not a point: NaN fails the rule, which then says what a point looks like.
    convert: (text) => parseLatLng(text) ?? { lat: Number.NaN, lng: Number.NaN },
    message: latLngMessage,
  }),
}) satisfies z.ZodType<SettingsPatch>;

/** Stock: from how many batteries left the dashboard lists a product as running low. */
export const stockFormSchema = z.object({
  lowStockThreshold: fromField(settingRules.lowStockThreshold, {
    empty: undefined,
    message: m.lowStockThreshold,
    convert: (text) => (/^\d{1,4}$/.test(text) ? Number(text) : Number.NaN),
  }),
}) satisfies z.ZodType<SettingsPatch>;

/** The fields of the forms. */
export type SettingsFormField =
  | keyof z.input<typeof storeFormSchema>
  | keyof z.input<typeof paymentsFormSchema>
  | keyof z.input<typeof socialFormSchema>
  | keyof z.input<typeof mapsFormSchema>
  | keyof z.input<typeof payOnInstallationFormSchema>
  | keyof z.input<typeof taxInvoicesFormSchema>
  | keyof z.input<typeof marketRatesSettingsFormSchema>
  | keyof z.input<typeof stockFormSchema>;

/** The forms' starting values: the saved settings as an admin types them (rupees, not paise). */
export function settingsFormValues(s: StoreSettings): Record<SettingsFormField, string> {
  return {
    brandName: s.brandName,
    tagline: s.tagline,
    tagline_hi: s.taglineTranslations.hi?.tagline ?? "",
    tagline_gu: s.taglineTranslations.gu?.tagline ?? "",
    supportEmail: s.supportEmail ?? "",
    supportPhone: s.supportPhone ?? "",
    address: s.address ?? "",
    upiPayeeId: s.upiPayeeId ?? "",
    upiPayeeName: s.upiPayeeName ?? "",
    gstPercent: String(s.gstPercent),
    shippingFee: paiseToRupeeInput(s.shippingFeePaise),
    freeShippingFrom:
      s.freeShippingFromPaise === null ? "" : paiseToRupeeInput(s.freeShippingFromPaise),
    paymentWindowHours: String(s.paymentWindowHours),
    payOnInstallationEnabled: s.payOnInstallationEnabled ? "on" : "",
    payOnInstallationMax: paiseToRupeeInput(s.payOnInstallationMaxPaise),
    facebook: s.social.facebook ?? "",
    instagram: s.social.instagram ?? "",
    youtube: s.social.youtube ?? "",
    x: s.social.x ?? "",
    whatsapp: s.social.whatsapp ?? "",
    mapTileUrl: s.mapTileUrl,
    mapAttribution: s.mapAttribution,
    storeLocation: s.storeLocation ? formatLatLng(s.storeLocation) : "",
    sellerLegalName: s.sellerLegalName ?? "",
    sellerAddress: s.sellerAddress ?? "",
    sellerState: s.sellerState ?? "",
    sellerGstin: s.sellerGstin ?? "",
    marketRatesEndpoint: s.marketRatesEndpoint ?? "",
    marketRatesAllowPrivate: s.marketRatesAllowPrivate ? "on" : "",
    lowStockThreshold: String(s.lowStockThreshold),
  };
}
