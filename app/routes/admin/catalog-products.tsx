import { PackagePlus } from "lucide-react";
import { z } from "zod";
import { CsvImportDialog } from "~/components/admin/csv-import-dialog";
import { ProductDialog } from "~/components/admin/product-dialog";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { Field } from "~/components/ui/field";
import { productMessages } from "~/features/catalog/catalog.messages";
import { categoryLabels } from "~/features/catalog/catalog.options";
import {
  assertModelFree,
  assertOnSaleSince,
  createProduct,
  deleteProduct,
  getAdminProduct,
  listAdminProducts,
  productFormSuggestions,
  updateProduct,
} from "~/features/catalog/product-admin.server";
import {
  adminProductListSchema,
  MAX_IMAGE_BYTES,
  missingRequiredField,
  productFormSchema,
} from "~/features/catalog/product-form.schema";
import { cardImage } from "~/features/catalog/product-image";
import { storeProductImage } from "~/features/catalog/product-images.server";
import { csvImportMessages } from "~/features/imports/csv-import.messages";
import { productImporter } from "~/features/imports/product-import.server";
import { loadAdminList } from "~/lib/admin-list.server";
import { NotFound, ValidationError } from "~/lib/errors";
import { formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { formatCapacity, formatVoltage, formatWarranty } from "~/lib/format";
import { indiaDayOf } from "~/lib/india-time";
import { formatPaise } from "~/lib/money";
import { recordIdSchema } from "~/lib/record-id";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/catalog-products";
import { csvImportIntents, importBodyLimit, loadImportDialog } from "./csv-import.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Products · Admin") },
];

export function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, adminProductListSchema, ({ db, query, adding, editId, admin }) => ({
    list: listAdminProducts(db, query),
    importing: loadImportDialog(args.request, args.context, admin, productImporter),
    editing: editId ? getAdminProduct(db, editId) : null,
    inCatalogue: adding || editId ? productFormSuggestions(db) : null,
    // The last day "On sale since" may be.
    today: indiaDayOf(new Date()),
  }));
}

/** The image of the form, when one was chosen. */
function uploadedFile(form: FormData): File | null {
  const file = form.get("image");
  return file instanceof File && file.size > 0 ? file : null;
}

/**
 * Add, edit or delete a product. The order is the spec's, made safe: image present (on add),
 * every field valid, the model free, and only then the image is stored and the row written.
 */
/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

const imports = csvImportIntents(() => productImporter);

export const action = formAction(
  {
    guard: "admin",
    bodyLimit: importBodyLimit({
      bytes: MAX_IMAGE_BYTES + 1024 * 1024,
      field: "image",
      message: productMessages.imageTooLarge,
    }),
  },
  (intent) => {
    const invalidForm = (_errors: unknown, values: Record<string, string>) => ({
      formError: missingRequiredField(values) ? productMessages.allRequired : undefined,
    });
    return {
      add: intent({
        schema: productFormSchema,
        check(_values, form) {
          if (!uploadedFile(form)) {
            throw new ValidationError(
              productMessages.imageRequired,
              { image: productMessages.imageRequired },
              { formError: productMessages.imageRequired },
            );
          }
        },
        invalid: invalidForm,
        async run({ data, form, actor, context }) {
          assertOnSaleSince(data.onSaleSince);
          await assertModelFree(context.db, data.model);
          const file = uploadedFile(form) as File;
          const image = await storeProductImage(context.uploads, file);
          await createProduct(context.db, { ...data, image }, actor);
        },
        success: productMessages.added,
      }),
      edit: intent({
        schema: productFormSchema.and(z.object({ productId: recordIdSchema })),
        check(values) {
          if (!recordIdSchema.safeParse(values.productId).success) {
            throw new NotFound(productMessages.notFound);
          }
        },
        invalid: invalidForm,
        async run({ data, form, actor, context }) {
          assertOnSaleSince(data.onSaleSince);
          await assertModelFree(context.db, data.model, data.productId);
          const file = uploadedFile(form);
          const image = file ? await storeProductImage(context.uploads, file) : undefined;
          await updateProduct(context.db, { ...data, id: data.productId, image }, actor, {
            publicUrl: context.publicUrl,
          });
        },
        success: productMessages.updated,
      }),
      delete: intent({
        schema: z.object({ productId: recordIdSchema }),
        invalid: notFoundIfInvalid(productMessages.notFound),
        async run({ data, actor, context }) {
          const outcome = await deleteProduct(context.db, { id: data.productId }, actor);
          return {
            message: outcome === "deleted" ? productMessages.deleted : productMessages.deactivated,
          };
        },
      }),
      importPreview: intent(imports.importPreview),
      importConfirm: intent(imports.importConfirm),
    };
  },
);

type ProductRow = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const productColumns: Column<ProductRow>[] = [
  {
    header: <span className="sr-only">Image</span>,
    priority: "secondary",
    className: "px-4 py-2",
    cell: (p) => (
      <img
        src={cardImage(p.image, p.category)}
        alt=""
        width={64}
        height={48}
        loading="lazy"
        className="h-12 w-16 rounded object-contain"
      />
    ),
  },
  { header: "Model", className: "px-4 py-3 font-medium text-slate-900", cell: (p) => p.model },
  { header: "Category", priority: "secondary", cell: (p) => categoryLabels[p.category] },
  {
    header: "Specs",
    priority: "secondary",
    className: "px-4 py-3 whitespace-nowrap",
    cell: (p) =>
      `${formatCapacity(p.capacityAh)} · ${formatVoltage(p.voltageV)} · ${formatWarranty(p.warrantyMonths)}`,
  },
  {
    header: "Price",
    className: "px-4 py-3 whitespace-nowrap",
    cell: (p) => formatPaise(p.pricePaise),
  },
  { header: "Stock", priority: "secondary", cell: (p) => p.stock },
  {
    header: "State",
    priority: "secondary",
    cell: (p) => (
      <span
        className={`rounded-full px-2.5 py-1 text-xs font-semibold ${p.active ? "bg-success-50 text-success-700" : "bg-slate-100 text-slate-700"}`}
      >
        {p.active ? "Active" : "Inactive"}
      </span>
    ),
  },
];

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, editing, adding, closeHref, inCatalogue, today, importing } = loaderData;
  return (
    <AdminResourcePage
      title="Products"
      add={{ label: "Add product", icon: PackagePlus }}
      filters={
        <Field
          label="Search by model"
          name="q"
          type="search"
          defaultValue={query.q}
          className="min-w-56 flex-1"
        />
      }
      filtered={Boolean(query.q)}
      baseHref="/admin/product"
      exportHref={`/admin/product/export${query.q ? `?q=${encodeURIComponent(query.q)}` : ""}`}
      importCsv
      list={list}
      noun={["product", "products"]}
      emptyText="No products match."
      minWidth="56rem"
      columns={productColumns}
      rowKey={(p) => p.id}
      rowName={(p) => p.model}
      rowTestId="product-row"
      editKey={(p) => String(p.id)}
      deleteRow={(p) => ({
        question: `Delete ${p.model}? This cannot be undone.`,
        hidden: { productId: p.id },
      })}
      actionData={actionData}
      failureMessages={{ ...productMessages.failed, ...csvImportMessages.failed }}
      dialog={
        importing ? (
          <CsvImportDialog state={importing} actionData={actionData} closeHref={closeHref} />
        ) : adding || editing ? (
          <ProductDialog
            product={editing}
            actionData={actionData}
            closeHref={closeHref}
            inCatalogue={inCatalogue}
            today={today}
          />
        ) : null
      }
    />
  );
}
