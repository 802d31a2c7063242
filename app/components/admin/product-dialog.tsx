import { Form, useNavigation } from "react-router";
import { DialogActions } from "~/components/admin/admin-list";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { UrlDialog } from "~/components/ui/dialog";
import { Field, FieldError, SelectField, TextAreaField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import type { ProductSpecs } from "~/db/schema/catalog";
import { productCategories } from "~/db/schema/enums";
import { productMessages } from "~/features/catalog/catalog.messages";
import {
  categoryLabels,
  specCapacities,
  specVoltages,
  specWarrantyMonths,
} from "~/features/catalog/catalog.options";
import type {
  AdminProductDetail,
  ProductFormSuggestions,
} from "~/features/catalog/product-admin.server";
import {
  dimensionsToForm,
  MAX_IMAGE_BYTES,
  missingRequiredField,
  productFormSchema,
  translationFieldName,
  translationToForm,
} from "~/features/catalog/product-form.schema";
import { cardImage } from "~/features/catalog/product-image";
import { formatVoltage, formatWarranty } from "~/lib/format";
import type { FormResult } from "~/lib/forms";
import { paiseToRupeeInput } from "~/lib/money";

/** The languages of the translation tabs, in the back office's English. */
const LANGUAGE = { hi: "Hindi", gu: "Gujarati" } as const;

/** The product the edit dialog is for. */
type Editing = AdminProductDetail;

/**
 * Number choices: the spec's options with the values the catalogue already has (getFilterOptions:
 * a 150Ah inverter battery, a 9Ah bike battery), plus the current value when it is another one.
 */
function numberOptions(
  known: readonly number[],
  current: number | undefined,
  format: (n: number) => string,
) {
  const values = [...new Set([...known, ...(current ? [current] : [])])].sort((a, b) => a - b);
  return [
    { value: "", label: "Choose…" },
    ...values.map((v) => ({ value: String(v), label: format(v) })),
  ];
}

/** The values the catalogue already has, offered in the form. */
type CatalogueValues = ProductFormSuggestions;

/**
 * The add and edit dialog of `/admin/product`: every field of a product, its photo and its
 * specifications, checked by the product form's schema in the browser and on the server.
 */
export function ProductDialog({
  product,
  actionData,
  closeHref,
  inCatalogue,
  today,
}: {
  product: Editing | null;
  actionData: FormResult | undefined;
  closeHref: string;
  inCatalogue: CatalogueValues | null;
  /** India's day today: the latest "On sale since". */
  today: string;
}) {
  const form = useValidatedForm(productFormSchema, actionData, {
    check(values, element): Record<string, string> {
      const image = (element.elements.namedItem("image") as HTMLInputElement | null)?.files?.[0];
      // Refused before a large file is sent at all (the server checks again).
      if (image && image.size > MAX_IMAGE_BYTES) {
        return { image: productMessages.imageTooLarge, "": productMessages.imageTooLarge };
      }
      if (!product && !image) {
        return { image: productMessages.imageRequired, "": productMessages.imageRequired };
      }
      return missingRequiredField(values) ? { "": productMessages.allRequired } : {};
    },
  });
  const busy = useNavigation().state === "submitting";
  const v = form.value;
  const e = form.errors;
  return (
    <UrlDialog title={product ? `Edit ${product.model}` : "Add product"} closeHref={closeHref}>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={form.onSubmit}
        className="space-y-4"
      >
        <FormAlert message={form.formError} />
        <input type="hidden" name="intent" value={product ? "edit" : "add"} />
        {product ? <input type="hidden" name="productId" value={product.id} /> : null}
        <div>
          <label htmlFor="product-image" className="field-label">
            Image {product ? "(leave empty to keep the current one)" : ""}
          </label>
          {product ? (
            <img
              src={cardImage(product.image, product.category)}
              alt=""
              width={120}
              height={90}
              className="mt-1 h-20 w-auto rounded border border-slate-200"
            />
          ) : null}
          <input
            id="product-image"
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby="product-image-hint"
            aria-invalid={e.image ? true : undefined}
            className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
          />
          <p id="product-image-hint" className="mt-1 text-sm text-slate-600">
            JPEG, PNG or WebP, up to 5 MB.
          </p>
          <FieldError message={e.image} />
        </div>
        <Field
          label="Model"
          name="model"
          required
          maxLength={40}
          defaultValue={v("model", product?.model)}
          error={e.model}
        />
        <SelectField
          label="Category"
          name="category"
          options={[
            { value: "", label: "Choose…" },
            ...productCategories.map((c) => ({ value: c, label: categoryLabels[c] })),
          ]}
          defaultValue={v("category", product?.category)}
          error={e.category}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Capacity (Ah)"
            name="capacityAh"
            inputMode="numeric"
            required
            list="capacity-suggestions"
            defaultValue={v("capacityAh", product?.capacityAh)}
            error={e.capacityAh}
          />
          <datalist id="capacity-suggestions">
            {(inCatalogue?.capacities ?? specCapacities).map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <SelectField
            label="Voltage"
            name="voltageV"
            options={numberOptions(
              inCatalogue?.voltages ?? specVoltages,
              product?.voltageV,
              formatVoltage,
            )}
            defaultValue={v("voltageV", product?.voltageV)}
            error={e.voltageV}
          />
          <SelectField
            label="Warranty"
            name="warrantyMonths"
            options={numberOptions(
              inCatalogue?.warranties ?? specWarrantyMonths,
              product?.warrantyMonths,
              formatWarranty,
            )}
            defaultValue={v("warrantyMonths", product?.warrantyMonths)}
            error={e.warrantyMonths}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Pro-rata months"
            name="proRataMonths"
            inputMode="numeric"
            maxLength={3}
            hint="After the free-replacement warranty: months in which a failed battery gets a discount on a new one; 0 for none."
            defaultValue={v("proRataMonths", product?.proRataMonths ?? 0)}
            error={e.proRataMonths}
          />
          <Field
            label="On sale since (optional)"
            name="onSaleSince"
            type="date"
            max={today}
            hint="A warranty registered with an earlier purchase date is refused."
            defaultValue={v("onSaleSince", product?.onSaleSince)}
            error={e.onSaleSince}
          />
        </div>
        <Field
          label="HSN code (optional)"
          name="hsnCode"
          inputMode="numeric"
          maxLength={8}
          placeholder="By category"
          hint="Printed on its tax invoices. Empty: car and bike 850710, inverter and industrial 850720, lithium-ion (by its technology) 850760."
          defaultValue={v("hsnCode", product?.hsnCode ?? "")}
          error={e.hsnCode}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Price (₹)"
            name="price"
            inputMode="decimal"
            required
            defaultValue={v("price", product ? paiseToRupeeInput(product.pricePaise) : undefined)}
            error={e.price}
          />
          <Field
            label="MRP (₹, optional)"
            name="mrp"
            inputMode="decimal"
            defaultValue={v("mrp", product ? paiseToRupeeInput(product.mrpPaise) : undefined)}
            error={e.mrp}
          />
          <Field
            label="Stock"
            name="stock"
            inputMode="numeric"
            required
            defaultValue={v("stock", product?.stock)}
            error={e.stock}
          />
        </div>
        <LanguageTabs
          label="Name and description"
          errors={{
            en: Boolean(e.name || e.description),
            hi: Boolean(e.name_hi || e.description_hi),
            gu: Boolean(e.name_gu || e.description_gu),
          }}
        >
          {(locale) =>
            locale === "en" ? (
              <>
                <Field
                  label="Name (optional)"
                  name="name"
                  maxLength={80}
                  hint="Shown beside the model. Leave empty for one made from the category, capacity and warranty, such as “Car battery 35Ah, 3 years warranty”."
                  defaultValue={v("name", product?.name)}
                  error={e.name}
                />
                <TextAreaField
                  label="Description"
                  name="description"
                  rows={3}
                  maxLength={2000}
                  defaultValue={v("description", product?.description)}
                  error={e.description}
                />
              </>
            ) : (
              <>
                <p className="text-sm text-slate-600">
                  Optional. Left empty, the {LANGUAGE[locale]} page shows the English text and says
                  so.
                </p>
                <Field
                  label={`Name in ${LANGUAGE[locale]} (optional)`}
                  name={translationFieldName("name", locale)}
                  lang={locale}
                  maxLength={80}
                  defaultValue={v(
                    translationFieldName("name", locale),
                    translationToForm(product?.translations, "name", locale),
                  )}
                  error={e[translationFieldName("name", locale)]}
                />
                <TextAreaField
                  label={`Description in ${LANGUAGE[locale]} (optional)`}
                  name={translationFieldName("description", locale)}
                  lang={locale}
                  rows={3}
                  maxLength={2000}
                  defaultValue={v(
                    translationFieldName("description", locale),
                    translationToForm(product?.translations, "description", locale),
                  )}
                  error={e[translationFieldName("description", locale)]}
                />
              </>
            )
          }
        </LanguageTabs>
        <SpecificationFields
          specs={product?.specs ?? null}
          value={form.value}
          errors={e}
          suggestions={inCatalogue}
        />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-800">Shop</legend>
          <Checkbox
            name="installationIncluded"
            label="The price includes free installation"
            defaultChecked={flag(form.values.installationIncluded, product?.installationIncluded)}
          />
          <Checkbox
            name="featured"
            label="Feature on the home page (best-sellers, until orders say otherwise)"
            defaultChecked={flag(form.values.featured, product?.featured)}
          />
        </fieldset>
        {product ? (
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              name="active"
              value="on"
              defaultChecked={product.active}
              className="size-4"
            />
            {/* After the checkbox on purpose: formValues keeps a name's first value, so this
                "false" is read only when the box is unticked (and so sends nothing). */}
            <input type="hidden" name="active" value="false" />
            Show in the catalogue
          </label>
        ) : null}
        <DialogActions
          closeHref={closeHref}
          submitLabel={product ? "Save" : "Add product"}
          busy={busy}
        />
      </Form>
    </UrlDialog>
  );
}

/** A checkbox's state: what was sent (after a failed save), else the product's. */
function flag(sent: string | undefined, saved: boolean | undefined): boolean {
  return sent === undefined ? Boolean(saved) : sent === "on";
}

function Checkbox({
  name,
  label,
  defaultChecked,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        name={name}
        value="on"
        defaultChecked={defaultChecked}
        className="size-4"
      />
      {label}
    </label>
  );
}

/** Every specification the product page shows: technology, CCA, size, weight, terminals. */
function SpecificationFields({
  specs,
  value: v,
  errors: e,
  suggestions,
}: {
  specs: ProductSpecs | null;
  /** The form's `value` (useValidatedForm). */
  value: (name: string, saved: string | number | undefined) => string;
  errors: Record<string, string | undefined>;
  suggestions: CatalogueValues | null;
}) {
  const saved = { ...dimensionsToForm(specs?.dimensionsMm), ...specs };
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">Specifications (optional)</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Technology"
          name="technology"
          maxLength={60}
          list="technology-suggestions"
          defaultValue={v("technology", saved.technology)}
          error={e.technology}
        />
        <Field
          label="Terminal layout"
          name="terminalLayout"
          maxLength={40}
          list="terminal-suggestions"
          defaultValue={v("terminalLayout", saved.terminalLayout)}
          error={e.terminalLayout}
        />
        <Field
          label="Cold cranking amps (A)"
          name="cca"
          inputMode="numeric"
          defaultValue={v("cca", saved.cca)}
          error={e.cca}
        />
        <Field
          label="Weight (kg)"
          name="weightKg"
          inputMode="decimal"
          defaultValue={v("weightKg", saved.weightKg)}
          error={e.weightKg}
        />
      </div>
      <datalist id="technology-suggestions">
        {suggestions?.technologies.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <datalist id="terminal-suggestions">
        {suggestions?.terminalLayouts.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <div className="grid grid-cols-3 gap-3">
        <Field
          label="Length (mm)"
          name="lengthMm"
          inputMode="numeric"
          defaultValue={v("lengthMm", saved.lengthMm)}
          error={e.lengthMm}
        />
        <Field
          label="Width (mm)"
          name="widthMm"
          inputMode="numeric"
          defaultValue={v("widthMm", saved.widthMm)}
          error={e.widthMm}
        />
        <Field
          label="Height (mm)"
          name="heightMm"
          inputMode="numeric"
          defaultValue={v("heightMm", saved.heightMm)}
          error={e.heightMm}
        />
      </div>
    </fieldset>
  );
}
