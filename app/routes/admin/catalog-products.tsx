import { PackagePlus, Pencil } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import {
  DeleteRowButton,
  DialogActions,
  ListSearch,
  ResultTable,
  Th,
} from "~/components/admin/admin-list";
import { UrlDialog } from "~/components/ui/dialog";
import { Field, FieldError, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Pagination } from "~/components/ui/pagination";
import { useFailureToast } from "~/components/ui/use-failure-toast";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { productCategories } from "~/db/schema/enums";
import {
  categoryLabels,
  specCapacities,
  specVoltages,
  specWarrantyMonths,
} from "~/features/catalog/catalog.schema";
import { getFilterOptions } from "~/features/catalog/catalog.server";
import { getAdminProduct, listAdminProducts } from "~/features/catalog/product-admin.server";
import { handleProductAction } from "~/features/catalog/product-admin-actions.server";
import {
  adminProductListSchema,
  missingRequiredField,
  productFormMessages,
  productFormSchema,
} from "~/features/catalog/product-form.schema";
import { cardImage } from "~/features/catalog/product-image";
import { formatCapacity, formatVoltage, formatWarranty } from "~/lib/format";
import { requireAdmin } from "~/lib/guards.server";
import { formatPaise, paiseToRupeeString } from "~/lib/money";
import { queryWith, readListUrl } from "~/lib/url-dialogs";
import type { Route } from "./+types/catalog-products";

export const meta: Route.MetaFunction = () => [{ title: "Products · Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { values, adding, editId, closeHref } = readListUrl(request.url);
  const query = adminProductListSchema.parse(values);
  const [list, editing, inCatalogue] = await Promise.all([
    listAdminProducts(context.db, query),
    editId ? getAdminProduct(context.db, editId) : null,
    adding || editId ? getFilterOptions(context.db) : null,
  ]);
  return { query, list, editing, adding, closeHref, inCatalogue };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  return handleProductAction(request, context, admin);
}

type Editing = NonNullable<Route.ComponentProps["loaderData"]["editing"]>;

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

type CatalogueValues = NonNullable<Route.ComponentProps["loaderData"]["inCatalogue"]>;

function ProductDialog({
  product,
  actionData,
  closeHref,
  inCatalogue,
}: {
  product: Editing | null;
  actionData: Route.ComponentProps["actionData"];
  closeHref: string;
  inCatalogue: CatalogueValues | null;
}) {
  const form = useValidatedForm(productFormSchema, actionData, {
    formErrorOf(values, element) {
      const image = element.elements.namedItem("image") as HTMLInputElement | null;
      if (!product && !image?.files?.length) return productFormMessages.imageRequired;
      return missingRequiredField(values) ? productFormMessages.allRequired : undefined;
    },
  });
  const busy = useNavigation().state === "submitting";
  const v = (name: string, fallback: string | number | undefined) =>
    form.values[name] ?? (fallback === undefined ? "" : String(fallback));
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
          <label htmlFor="product-image" className="block text-sm font-medium text-slate-800">
            Image {product ? "(leave empty to keep the current one)" : ""}
          </label>
          {product ? (
            <img
              src={cardImage(product.image)}
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
          <SelectField
            label="Capacity"
            name="capacityAh"
            options={numberOptions(
              inCatalogue?.capacities ?? specCapacities,
              product?.capacityAh,
              formatCapacity,
            )}
            defaultValue={v("capacityAh", product?.capacityAh)}
            error={e.capacityAh}
          />
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
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Price (₹)"
            name="price"
            inputMode="decimal"
            required
            defaultValue={v("price", product ? paiseToRupeeString(product.pricePaise) : undefined)}
            error={e.price}
          />
          <Field
            label="MRP (₹, optional)"
            name="mrp"
            inputMode="decimal"
            defaultValue={v("mrp", product ? paiseToRupeeString(product.mrpPaise) : undefined)}
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
        <div>
          <label htmlFor="product-description" className="block text-sm font-medium text-slate-800">
            Description
          </label>
          <textarea
            id="product-description"
            name="description"
            rows={3}
            maxLength={2000}
            defaultValue={v("description", product?.description)}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          <FieldError message={e.description} />
        </div>
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

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  useFailureToast(actionData, productFormMessages);
  const { list, query, editing, adding, closeHref, inCatalogue } = loaderData;
  const { search } = useLocation();
  const deleteError =
    actionData && !actionData.ok && actionData.values.intent === "delete"
      ? actionData.formError
      : undefined;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Products</h1>
        <Link to={queryWith(search, "add", "1")} className="btn-primary" preventScrollReset>
          <PackagePlus className="size-4" aria-hidden="true" />
          Add product
        </Link>
      </div>
      <ListSearch clearHref="/admin/product" filtered={Boolean(query.q)}>
        <Field
          label="Search by model"
          name="q"
          type="search"
          defaultValue={query.q}
          className="min-w-56 flex-1"
        />
      </ListSearch>
      <div className="mt-4">
        <FormAlert message={deleteError} />
      </div>
      <ResultTable
        total={list.total}
        noun={["product", "products"]}
        emptyText="No products match."
        minWidth="56rem"
        headers={
          <>
            <Th>
              <span className="sr-only">Image</span>
            </Th>
            <Th>Model</Th>
            <Th>Category</Th>
            <Th>Specs</Th>
            <Th>Price</Th>
            <Th>Stock</Th>
            <Th>State</Th>
            <Th right>Actions</Th>
          </>
        }
      >
        {list.rows.map((p) => (
          <tr key={p.id} data-testid="product-row">
            <td className="px-4 py-2">
              <img
                src={cardImage(p.image)}
                alt=""
                width={64}
                height={48}
                loading="lazy"
                className="h-12 w-16 rounded object-contain"
              />
            </td>
            <td className="px-4 py-3 font-medium text-slate-900">{p.model}</td>
            <td className="px-4 py-3">
              {categoryLabels[p.category as keyof typeof categoryLabels] ?? p.category}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">
              {formatCapacity(p.capacityAh)} · {formatVoltage(p.voltageV)} ·{" "}
              {formatWarranty(p.warrantyMonths)}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatPaise(p.pricePaise)}</td>
            <td className="px-4 py-3">{p.stock}</td>
            <td className="px-4 py-3">
              <span
                className={`rounded-full px-2.5 py-1 text-xs font-semibold ${p.active ? "bg-success-50 text-success-700" : "bg-slate-100 text-slate-700"}`}
              >
                {p.active ? "Active" : "Inactive"}
              </span>
            </td>
            <td className="px-4 py-3">
              <div className="flex justify-end gap-2">
                <Link
                  to={queryWith(search, "edit", String(p.id))}
                  preventScrollReset
                  className="btn-outline min-h-10 px-3"
                  aria-label={`Edit ${p.model}`}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                </Link>
                <DeleteRowButton
                  label={`Delete ${p.model}`}
                  question={`Delete ${p.model}? This cannot be undone.`}
                  hidden={{ productId: p.id }}
                />
              </div>
            </td>
          </tr>
        ))}
      </ResultTable>
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(n) => queryWith(search, "page", String(n))}
      />
      {adding ? (
        <ProductDialog
          product={null}
          actionData={actionData}
          closeHref={closeHref}
          inCatalogue={inCatalogue}
        />
      ) : null}
      {editing ? (
        <ProductDialog
          product={editing}
          actionData={actionData}
          closeHref={closeHref}
          inCatalogue={inCatalogue}
        />
      ) : null}
    </div>
  );
}
