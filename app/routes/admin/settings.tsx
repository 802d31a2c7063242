import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { Field, SelectField, TextAreaField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useFailureToast } from "~/components/ui/use-failure-toast";
import { type SchemaSource, useValidatedForm } from "~/components/ui/use-validated-form";
import type { Db } from "~/db/client.server";
import { gstStateChoices } from "~/features/gst/gst-states";
import { marketRatesMessages } from "~/features/market-rates/market-rates.messages";
import { settingsMessages as m } from "~/features/settings/settings.messages";
import type { SettingsPatch } from "~/features/settings/settings.schema";
import { getSettings } from "~/features/settings/settings.server";
import { saveSettings } from "~/features/settings/settings-admin.server";
import {
  mapsFormSchema,
  marketRatesSettingsFormSchema,
  paymentsFormSchema,
  payOnInstallationFormSchema,
  type SettingsFormField,
  settingsFormValues,
  socialFormSchema,
  stockFormSchema,
  storeFormSchema,
  taxInvoicesFormSchema,
} from "~/features/settings/settings-form.schema";
import { formAction } from "~/lib/form-action.server";
import { requireAdmin } from "~/lib/guards.server";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Store settings · Admin") },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const saved = await getSettings(context.db);
  return {
    values: settingsFormValues(saved),
    payee:
      saved.upiPayeeId && saved.upiPayeeName
        ? m.payeeSet(saved.upiPayeeName, saved.upiPayeeId)
        : null,
    seller:
      saved.sellerLegalName && saved.sellerGstin
        ? m.sellerSet(saved.sellerLegalName, saved.sellerGstin)
        : null,
  };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

/** Saves a form's settings; the notice says when there was nothing to change. */
async function save(db: Db, patch: SettingsPatch, actor: { id: string }, saved: string) {
  const changed = await saveSettings(db, patch, actor);
  return { message: changed.length > 0 ? saved : m.nothingChanged };
}

export const action = formAction({ guard: "admin" }, (intent) => ({
  store: intent({
    schema: storeFormSchema,
    run: ({ data, actor, context }) => save(context.db, data, actor, m.storeSaved),
  }),
  payments: intent({
    schema: paymentsFormSchema,
    run: ({ data, actor, context }) => save(context.db, data, actor, m.paymentsSaved),
  }),
  social: intent({
    schema: socialFormSchema,
    run: ({ data, actor, context }) => save(context.db, data, actor, m.socialSaved),
  }),
  maps: intent({
    schema: mapsFormSchema,
    run: ({ data, actor, context }) => save(context.db, data, actor, m.mapsSaved),
  }),
  taxInvoices: intent({
    schema: taxInvoicesFormSchema,
    run: ({ data, actor, context }) => save(context.db, data, actor, m.taxInvoicesSaved),
  }),
  marketRates: intent({
    schema: marketRatesSettingsFormSchema,
    run: ({ data, actor, context }) => save(context.db, data, actor, marketRatesMessages.saved),
  }),
  payOnInstallation: intent({
    schema: payOnInstallationFormSchema,
    run: ({ data, actor, context }) => save(context.db, data, actor, m.payOnInstallationSaved),
  }),
  stock: intent({
    schema: stockFormSchema,
    run: ({ data, actor, context }) => save(context.db, data, actor, m.stockSaved),
  }),
}));

type ActionData = Route.ComponentProps["actionData"];
type Values = Route.ComponentProps["loaderData"]["values"];
type Intent = keyof typeof m.failed;

/** What an input of a section's form needs: its name, starting value and error. */
type FieldProps = (name: SettingsFormField) => {
  name: SettingsFormField;
  defaultValue: string;
  error: string | undefined;
};

/** A setting that is on or off: a ticked box sends "on", an unticked one nothing. */
function SettingCheckbox({
  label,
  name,
  defaultValue,
}: {
  label: string;
  name: SettingsFormField;
  defaultValue: string;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        name={name}
        value="on"
        defaultChecked={defaultValue === "on"}
        className="size-5"
      />
      {label}
    </label>
  );
}

/**
 * One section of the page: its own form (posting its intent) with its own Save button. A refused
 * save shows its errors next to the fields and keeps what was typed; the other sections keep
 * theirs. After a save the fields start again from what was stored (e.g. "₹99" shown as "99").
 */
function SettingsSection({
  intent,
  title,
  description,
  schema,
  fields,
  saved,
  actionData,
  children,
}: {
  intent: Intent;
  title: string;
  description: ReactNode;
  schema: SchemaSource;
  fields: readonly SettingsFormField[];
  saved: Values;
  actionData: ActionData;
  children: (field: FieldProps) => ReactNode;
}) {
  const failure = actionData && !actionData.ok && actionData.values.intent === intent;
  const form = useValidatedForm(schema, failure ? actionData : undefined);
  const busy = useNavigation().formData?.get("intent") === intent;
  const titleId = `settings-${intent}-title`;
  const field: FieldProps = (name) => ({
    name,
    defaultValue: form.value(name, saved[name]),
    error: form.errors[name],
  });
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-1 text-sm text-slate-600">{description}</div>
      <Form
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        className="mt-4 space-y-4"
        key={fields.map((name) => saved[name]).join("\n")}
      >
        <FormAlert message={form.formError} />
        <input type="hidden" name="intent" value={intent} />
        {children(field)}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving…" : `Save ${title.toLowerCase()}`}
        </button>
      </Form>
    </section>
  );
}

const storeFields = [
  "brandName",
  "tagline",
  "tagline_hi",
  "tagline_gu",
  "supportEmail",
  "supportPhone",
  "address",
] as const;
const paymentFields = [
  "upiPayeeId",
  "upiPayeeName",
  "gstPercent",
  "shippingFee",
  "freeShippingFrom",
  "paymentWindowHours",
] as const;
const mapsFields = ["mapTileUrl", "mapAttribution", "storeLocation"] as const;
const marketRatesFields = ["marketRatesEndpoint", "marketRatesAllowPrivate"] as const;
const payOnInstallationFields = ["payOnInstallationEnabled", "payOnInstallationMax"] as const;
const taxInvoiceFields = [
  "sellerLegalName",
  "sellerAddress",
  "sellerState",
  "sellerGstin",
] as const;
/** The seller's State: each state and union territory with its GST code. */
const sellerStateOptions = gstStateChoices("Not set");
const stockFields = ["lowStockThreshold"] as const;
const socialFields = [
  { name: "facebook", label: "Facebook page" },
  { name: "instagram", label: "Instagram profile" },
  { name: "youtube", label: "YouTube channel" },
  { name: "x", label: "X (Twitter) profile" },
  { name: "whatsapp", label: "WhatsApp chat link" },
] as const;

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { values, payee, seller } = loaderData;
  useFailureToast(actionData, m.failed);
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Store settings</h1>
      <p className="mt-1 text-sm text-slate-600">
        What shoppers see on every page, how they pay, and what shipping costs. Each section is
        saved on its own.
      </p>
      <div className="mt-6 space-y-6">
        <SettingsSection
          intent="store"
          title="Store details"
          description="The name and contact details in the header, the footer and the store's e-mails."
          schema={storeFormSchema}
          fields={storeFields}
          saved={values}
          actionData={actionData}
        >
          {(field) => (
            <>
              <Field label="Store name" required maxLength={60} {...field("brandName")} />
              <LanguageTabs
                label="Tagline"
                errors={{
                  en: Boolean(field("tagline").error),
                  hi: Boolean(field("tagline_hi").error),
                  gu: Boolean(field("tagline_gu").error),
                }}
              >
                {(locale) =>
                  locale === "en" ? (
                    <Field label="Tagline" maxLength={120} {...field("tagline")} />
                  ) : (
                    <Field
                      label={`Tagline in ${locale === "hi" ? "Hindi" : "Gujarati"} (optional)`}
                      hint="Left empty, the page in this language shows the English tagline."
                      lang={locale}
                      maxLength={120}
                      {...field(locale === "hi" ? "tagline_hi" : "tagline_gu")}
                    />
                  )
                }
              </LanguageTabs>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label="Support e-mail"
                  type="email"
                  autoComplete="off"
                  hint="Leave empty to show none."
                  {...field("supportEmail")}
                />
                <Field
                  label="Support phone"
                  type="tel"
                  autoComplete="off"
                  hint="Such as +91 98765 43210; leave empty to show none."
                  {...field("supportPhone")}
                />
              </div>
              <Field
                label="Address"
                maxLength={300}
                hint="Shown in the footer; leave empty to show none."
                {...field("address")}
              />
            </>
          )}
        </SettingsSection>

        <SettingsSection
          intent="payments"
          title="Payments and shipping"
          description={
            <>
              <p>{m.noPayeeYet}</p>
              <p
                className={`mt-2 font-medium ${payee ? "text-success-700" : "text-warning-700"}`}
                data-testid="payee-status"
              >
                {payee ?? m.noPayee}
              </p>
            </>
          }
          schema={paymentsFormSchema}
          fields={paymentFields}
          saved={values}
          actionData={actionData}
        >
          {(field) => (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label="UPI ID of the payee"
                  autoComplete="off"
                  spellCheck={false}
                  hint="Such as yourstore@okaxis. Leave both payee fields empty to remove the payee."
                  {...field("upiPayeeId")}
                />
                <Field
                  label="Payee name"
                  autoComplete="off"
                  maxLength={50}
                  hint="The name the UPI ID is registered to, shown in the customer's UPI app."
                  {...field("upiPayeeName")}
                />
              </div>
              <Field
                label="GST included in prices (%)"
                inputMode="decimal"
                required
                hint="Such as 18 or 12.5: the GST already included in every price."
                {...field("gstPercent")}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label="Shipping fee (₹)"
                  inputMode="decimal"
                  required
                  hint="Charged on an order below the free-shipping amount; 0 for free shipping."
                  {...field("shippingFee")}
                />
                <Field
                  label="Free shipping from (₹)"
                  inputMode="decimal"
                  hint="Orders of this amount or more (after any discount) ship free. Leave empty to always charge the fee."
                  {...field("freeShippingFrom")}
                />
              </div>
              <Field
                label="Time to pay (hours)"
                inputMode="numeric"
                required
                hint="An order not paid within this time lapses: its batteries go back on sale and the customer is told. 48 by default."
                {...field("paymentWindowHours")}
              />
            </>
          )}
        </SettingsSection>

        <SettingsSection
          intent="taxInvoices"
          title="Tax invoices"
          description={
            <>
              <p>
                The seller printed on every tax invoice and credit note. An invoice keeps the
                details it was issued with: changing them here alters only later ones.
              </p>
              <p
                className={`mt-2 font-medium ${seller ? "text-success-700" : "text-warning-700"}`}
                data-testid="seller-status"
              >
                {seller ?? m.noSeller}
              </p>
            </>
          }
          schema={taxInvoicesFormSchema}
          fields={taxInvoiceFields}
          saved={values}
          actionData={actionData}
        >
          {(field) => (
            <>
              <Field
                label="Legal name"
                autoComplete="off"
                maxLength={100}
                hint="As on the GST registration certificate."
                {...field("sellerLegalName")}
              />
              <TextAreaField
                label="Address registered for GST"
                rows={3}
                maxLength={300}
                hint="The principal place of business, one line per line as printed."
                {...field("sellerAddress")}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField label="State" options={sellerStateOptions} {...field("sellerState")} />
                <Field
                  label="GSTIN"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={20}
                  hint="15 characters; its first two digits are the State's code."
                  {...field("sellerGstin")}
                />
              </div>
            </>
          )}
        </SettingsSection>

        <SettingsSection
          intent="payOnInstallation"
          title="Pay on installation"
          description="Customers may choose to pay the fitter (cash or UPI) when the battery is installed, for orders up to the amount below. Such orders need no UPI payment before shipping; you mark them paid at delivery."
          schema={payOnInstallationFormSchema}
          fields={payOnInstallationFields}
          saved={values}
          actionData={actionData}
        >
          {(field) => (
            <>
              <SettingCheckbox
                label="Offer pay on installation at checkout"
                {...field("payOnInstallationEnabled")}
              />
              <Field
                label="Largest order paid on installation (₹)"
                inputMode="decimal"
                required
                hint="Orders above this amount are paid by UPI before shipping."
                {...field("payOnInstallationMax")}
              />
            </>
          )}
        </SettingsSection>

        <SettingsSection
          intent="marketRates"
          title="Market rates"
          description={
            <>
              Where the{" "}
              <Link to="/admin/market-rates" className="text-brand-700 underline">
                market rates tool
              </Link>{" "}
              asks for a day's rates: the server posts the date as the form field <code>date</code>{" "}
              and shows the JSON answer.
            </>
          }
          schema={marketRatesSettingsFormSchema}
          fields={marketRatesFields}
          saved={values}
          actionData={actionData}
        >
          {(field) => (
            <>
              <Field
                label="Endpoint"
                type="url"
                autoComplete="off"
                spellCheck={false}
                maxLength={500}
                hint="Such as https://rates.example.in/api; leave empty to turn the tool off."
                {...field("marketRatesEndpoint")}
              />
              <SettingCheckbox
                label="Allow private endpoints (this machine or the store's own network)"
                {...field("marketRatesAllowPrivate")}
              />
            </>
          )}
        </SettingsSection>

        <SettingsSection
          intent="stock"
          title="Stock"
          description="The dashboard lists the products on sale that are running low."
          schema={stockFormSchema}
          fields={stockFields}
          saved={values}
          actionData={actionData}
        >
          {(field) => (
            <Field
              label="Low stock at or below"
              inputMode="numeric"
              required
              hint="A number of batteries from 0 to 1,000. 0 lists only products out of stock."
              {...field("lowStockThreshold")}
            />
          )}
        </SettingsSection>

        <SettingsSection
          intent="social"
          title="Social links"
          description="The icons in the footer. Only https:// addresses; leave a field empty to show no icon."
          schema={socialFormSchema}
          fields={socialFields.map((s) => s.name)}
          saved={values}
          actionData={actionData}
        >
          {(field) =>
            socialFields.map(({ name, label }) => (
              <Field
                key={name}
                label={label}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                {...field(name)}
              />
            ))
          }
        </SettingsSection>

        <SettingsSection
          intent="maps"
          title="Maps"
          description="The maps of dealers, service centres and the contact page. Tiles are images the visitor's browser loads from the tile server."
          schema={mapsFormSchema}
          fields={mapsFields}
          saved={values}
          actionData={actionData}
        >
          {(field) => (
            <>
              <Field
                label="Tile server address"
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                hint="An https:// address with {z}, {x} and {y}, such as OpenStreetMap's https://tile.openstreetmap.org/{z}/{x}/{y}.png"
                {...field("mapTileUrl")}
              />
              <Field
                label="Map credit"
                autoComplete="off"
                hint="Shown in the map's corner, as the tile server's terms ask."
                {...field("mapAttribution")}
              />
              <Field
                label="Store location"
                autoComplete="off"
                inputMode="decimal"
                spellCheck={false}
                hint="latitude,longitude, such as 23.064184,72.529659. Leave it empty to show no map on the contact page."
                {...field("storeLocation")}
              />
            </>
          )}
        </SettingsSection>
      </div>
    </div>
  );
}
