import { inArray } from "drizzle-orm";
import { productRedirects, products } from "~/db/schema";
import { type AuditEntry, recordAudits } from "~/features/audit/audit.server";
import { productMessages } from "~/features/catalog/catalog.messages";
import { categoryLabels } from "~/features/catalog/catalog.options";
import {
  assertOnSaleSince,
  productValues,
  translationsAudit,
} from "~/features/catalog/product-admin.server";
import {
  type ProductFormInput,
  productFormSchema,
  TRANSLATED_PRODUCT_FIELDS,
  translationFieldName,
  translationToForm,
} from "~/features/catalog/product-form.schema";
import { slugify } from "~/features/catalog/slug";
import { mailBackInStock } from "~/features/stock-alerts/stock-alerts.server";
import { DomainError } from "~/lib/errors";
import { CONTENT_LOCALES } from "~/lib/i18n/localized";
import { formatPaise, paiseToRupeeString } from "~/lib/money";
import {
  type CellReading,
  changedFields,
  chunks,
  fromProposed,
  type ImportColumn,
  type Importer,
  readChoice,
  readYesNo,
  yesNo,
} from "./csv-import.server";

type Product = typeof products.$inferSelect;
type Values = ReturnType<typeof productValues>;
type Context = { bySlug: Map<string, Product> };

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/** "242 × 175 × 190" (or 242x175x190) into the form's three fields; blank: none. */
function readDimensions(cell: string): CellReading {
  if (cell === "") return { values: { lengthMm: "", widthMm: "", heightMm: "" } };
  const parts = cell.split(/\s*[×xX*]\s*/).map((p) => p.trim());
  if (parts.length !== 3 || !parts.every((p) => /^\d{1,5}$/.test(p))) {
    return { error: "Write length × width × height in whole millimetres, e.g. 242 × 175 × 190" };
  }
  const [lengthMm = "", widthMm = "", heightMm = ""] = parts;
  return { values: { lengthMm, widthMm, heightMm } };
}

const dimensions = (p: ProductFormInput) =>
  p.lengthMm && p.widthMm && p.heightMm ? `${p.lengthMm} × ${p.widthMm} × ${p.heightMm}` : "";

/**
 * The products list's CSV columns, in the export's order: the export writes them, an import
 * reads them back (any subset, Model required; the Id is the export's and is not read).
 */
export const productCsvColumns: ImportColumn<Product, ProductFormInput, Context>[] = [
  { header: "Id", cell: (p) => p.id },
  { header: "Model", cell: (p) => p.model, field: "model", show: (p) => p.model },
  {
    header: "Category",
    cell: (p) => categoryLabels[p.category],
    field: "category",
    read: readChoice(
      "category",
      categoryLabels,
      `Write one of ${Object.values(categoryLabels).join(", ")}`,
    ),
    show: (p) => categoryLabels[p.category],
  },
  {
    header: "Capacity (Ah)",
    cell: (p) => p.capacityAh,
    field: "capacityAh",
    show: (p) => text(p.capacityAh),
  },
  {
    header: "Voltage (V)",
    cell: (p) => p.voltageV,
    field: "voltageV",
    show: (p) => text(p.voltageV),
  },
  {
    header: "Warranty (months)",
    cell: (p) => p.warrantyMonths,
    field: "warrantyMonths",
    show: (p) => text(p.warrantyMonths),
  },
  {
    header: "Pro-rata (months)",
    cell: (p) => p.proRataMonths,
    field: "proRataMonths",
    show: (p) => text(p.proRataMonths),
  },
  {
    header: "On sale since",
    cell: (p) => p.onSaleSince ?? "",
    field: "onSaleSince",
    show: (p) => text(p.onSaleSince),
  },
  {
    header: "Price (INR)",
    aliases: ["Price"],
    cell: (p) => paiseToRupeeString(p.pricePaise),
    field: "price",
    show: (p) => formatPaise(p.price),
  },
  {
    header: "MRP (INR)",
    aliases: ["MRP"],
    // Blank when the MRP is the price, so a new price alone keeps them equal.
    cell: (p) => (p.mrpPaise === p.pricePaise ? "" : paiseToRupeeString(p.mrpPaise)),
    field: "mrp",
    show: (p) => formatPaise(p.mrp ?? p.price),
  },
  { header: "Stock", cell: (p) => p.stock, field: "stock", show: (p) => text(p.stock) },
  {
    header: "Active",
    cell: (p) => yesNo(p.active),
    field: "active",
    read: readYesNo("active", "true", "false"),
    show: (p) => yesNo(p.active ?? true),
  },
  { header: "Name", cell: (p) => p.name ?? "", field: "name", show: (p) => text(p.name) },
  {
    header: "HSN code",
    cell: (p) => p.hsnCode ?? "",
    field: "hsnCode",
    show: (p) => text(p.hsnCode),
  },
  {
    header: "Featured",
    cell: (p) => yesNo(p.featured),
    field: "featured",
    read: readYesNo("featured"),
    show: (p) => yesNo(p.featured),
  },
  {
    header: "Installation included",
    cell: (p) => yesNo(p.installationIncluded),
    field: "installationIncluded",
    read: readYesNo("installationIncluded"),
    show: (p) => yesNo(p.installationIncluded),
  },
  {
    header: "Technology",
    cell: (p) => p.specs.technology ?? "",
    field: "technology",
    show: (p) => text(p.technology),
  },
  { header: "CCA", cell: (p) => p.specs.cca ?? "", field: "cca", show: (p) => text(p.cca) },
  {
    header: "Dimensions (mm)",
    cell: (p) => p.specs.dimensionsMm ?? "",
    field: "lengthMm",
    read: readDimensions,
    errorFields: ["lengthMm", "widthMm", "heightMm"],
    show: dimensions,
  },
  {
    header: "Weight (kg)",
    cell: (p) => p.specs.weightKg ?? "",
    field: "weightKg",
    show: (p) => text(p.weightKg),
  },
  {
    header: "Terminal layout",
    cell: (p) => p.specs.terminalLayout ?? "",
    field: "terminalLayout",
    show: (p) => text(p.terminalLayout),
  },
  {
    header: "Description",
    cell: (p) => p.description,
    field: "description",
    show: (p) => p.description,
  },
  // The name and description in Hindi and Gujarati: "Name (Hindi)", also read as "name_hi".
  ...CONTENT_LOCALES.flatMap((locale) =>
    TRANSLATED_PRODUCT_FIELDS.map(
      (field): ImportColumn<Product, ProductFormInput, Context> => ({
        header: `${field === "name" ? "Name" : "Description"} (${locale === "hi" ? "Hindi" : "Gujarati"})`,
        aliases: [translationFieldName(field, locale)],
        cell: (p) => translationToForm(p.translations, field, locale),
        field: translationFieldName(field, locale),
        show: (p) => text(p[translationFieldName(field, locale)]),
      }),
    ),
  ),
];

/** What the audit log keeps of an imported product (the changed fields of an update). */
const snapshot = (v: Omit<Values, "slug">) => ({
  model: v.model,
  category: v.category,
  capacityAh: v.capacityAh,
  voltageV: v.voltageV,
  warrantyMonths: v.warrantyMonths,
  proRataMonths: v.proRataMonths,
  onSaleSince: v.onSaleSince,
  hsnCode: v.hsnCode,
  pricePaise: v.pricePaise,
  mrpPaise: v.mrpPaise,
  stock: v.stock,
  active: v.active ?? true,
  name: v.name,
  featured: v.featured,
  installationIncluded: v.installationIncluded,
  specs: v.specs,
  description: v.description,
  ...translationsAudit(v.translations),
});

/**
 * Products from CSV. A row is matched to the product with its model (any case); any other
 * model is a new product (without a photo: its family's picture shows until one is added).
 */
export const productImporter: Importer<Product, ProductFormInput, Values, Context> = {
  kind: "product",
  columns: productCsvColumns,
  required: ["Model"],
  schema: productFormSchema,
  async load(db) {
    const records = await db.select().from(products);
    return { records, context: { bySlug: new Map(records.map((p) => [p.slug, p])) } };
  },
  match(cells, _records, { bySlug }) {
    return { record: bySlug.get(slugify(cells.get("Model") ?? "")) ?? null };
  },
  name: (cells) => cells.get("Model")?.trim() || "(no model)",
  duplicateKeys: (p) => [slugify(p.model)],
  prepare(parsed, before, { bySlug }) {
    const clash = bySlug.get(slugify(parsed.model));
    if (clash && clash.id !== before?.id) {
      return { errors: { model: productMessages.modelTaken } };
    }
    try {
      assertOnSaleSince(parsed.onSaleSince);
    } catch (error) {
      if (error instanceof DomainError) return { errors: error.fieldErrors };
      throw error;
    }
    return productValues(parsed);
  },
  async write(tx, rows, actor, { publicUrl, now }) {
    const created = rows.filter((r) => !r.before);
    const changed = rows.filter((r) => r.before);
    const audits: AuditEntry[] = [];
    for (const part of chunks(created)) {
      const ids = await tx
        .insert(products)
        .values(part.map((r) => ({ ...r.values, brand: "UrjaCell" })))
        .returning({ id: products.id, slug: products.slug });
      const idOf = new Map(ids.map((row) => [row.slug, row.id]));
      for (const { values } of part) {
        const id = idOf.get(values.slug) as number;
        audits.push({ entity: "product", id, before: null, after: snapshot(values) });
      }
      // A former model of another product, taken by a new one: the address is the new one's.
      await tx.delete(productRedirects).where(
        inArray(
          productRedirects.slug,
          part.map((r) => r.values.slug),
        ),
      );
    }
    // Changes: one statement per chunk, each row written over its product by id.
    for (const part of chunks(changed)) {
      const keys = [...new Set(part.flatMap((r) => Object.keys(r.values)))] as (keyof Values)[];
      await tx
        .insert(products)
        .overridingSystemValue()
        .values(
          part.map((r) => {
            const before = r.before as Product;
            return { ...before, ...r.values, updatedAt: now };
          }),
        )
        .onConflictDoUpdate({
          target: products.id,
          set: fromProposed(products, keys),
        });
      for (const r of part) {
        const before = r.before as Product;
        const change = changedFields(snapshot(before), snapshot(r.values));
        audits.push({ entity: "product", id: before.id, ...change });
      }
    }
    await recordAudits(tx, actor, audits);
    await mailBackInStock(
      tx,
      changed.map((r) => (r.before as Product).id),
      publicUrl,
    );
  },
};
