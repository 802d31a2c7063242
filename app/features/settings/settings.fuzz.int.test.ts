import type { z } from "zod";
import { getSettings } from "~/features/settings/settings.server";
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
} from "~/features/settings/settings-form.schema";
import * as marketRates from "~/routes/admin/market-rates";
import * as preferences from "~/routes/admin/preferences";
import * as settings from "~/routes/admin/settings";
import { gstSeller } from "../../../tests/factories";
import { fuzzForms } from "../../../tests/helpers/fuzz";

/** The field names a settings form's schema reads (an object, maybe refined or transformed). */
function fieldsOf(schema: z.ZodType): string[] {
  let current: unknown = schema;
  while (current && typeof current === "object") {
    if ("shape" in current) return Object.keys((current as { shape: object }).shape);
    const def = (current as { def?: { in?: unknown; schema?: unknown } }).def;
    current = def?.in ?? def?.schema;
  }
  throw new Error("fieldsOf: not an object schema");
}

const forms = {
  store: storeFormSchema,
  payments: paymentsFormSchema,
  social: socialFormSchema,
  maps: mapsFormSchema,
  taxInvoices: taxInvoicesFormSchema,
  marketRates: marketRatesSettingsFormSchema,
  payOnInstallation: payOnInstallationFormSchema,
  stock: stockFormSchema,
} satisfies Record<string, z.ZodType>;

fuzzForms(
  "settings forms",
  async ({ t }) => ({
    // Today's settings as the page fills its forms, with the details a store sets.
    values: {
      ...settingsFormValues(await getSettings(t.db)),
      supportEmail: "help@urjacell.in",
      supportPhone: "+91 79 4000 1234",
      address: "14 Ashram Road, Ahmedabad",
      upiPayeeId: "urjacell@okaxis",
      upiPayeeName: "UrjaCell Batteries",
      facebook: "https://www.facebook.com/urjacell",
      storeLocation: "23.0365, 72.5611",
      ...gstSeller,
    } as Record<string, string>,
  }),
  [
    {
      // First: a later form may set an endpoint, and this one must not leave the machine. Without
      // one the answer is a 409 that says so: the date is checked first.
      name: "admin: ask the market rates (no endpoint set)",
      control: false,
      action: marketRates.action,
      as: "admin",
      path: "/admin/market-rates",
      intent: "ask",
      fields: () => ({ date: "2026-11-20" }),
    },
    ...Object.entries(forms).map(([intent, schema]) => ({
      name: `admin: settings, ${intent}`,
      action: settings.action,
      as: "admin" as const,
      path: "/admin/settings",
      intent,
      fields: ({ values }: { values: Record<string, string> }) =>
        Object.fromEntries(fieldsOf(schema).map((name) => [name, values[name] ?? ""])),
    })),
    {
      name: "admin: the sidebar's preference",
      action: preferences.action,
      as: "admin",
      path: "/admin/preferences",
      fields: () => ({ sidebar: "collapsed" }),
    },
  ],
);
