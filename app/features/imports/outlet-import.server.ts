import { and, eq, inArray } from "drizzle-orm";
import { outlets, pincodes } from "~/db/schema";
import { type OutletKind, outletCategories } from "~/db/schema/enums";
import { type AuditEntry, recordAudits } from "~/features/audit/audit.server";
import { outletCategoryLabels, outletNouns, weekdays } from "~/features/outlets/outlet.options";
import { outletAdminMessages } from "~/features/outlets/outlet-admin.messages";
import {
  categoryField,
  DEFAULT_BOOKING_CAPACITY,
  dayField,
  type OutletFormInput,
  outletFormSchema,
} from "~/features/outlets/outlet-form.schema";
import type { FieldErrors } from "~/lib/forms";
import { formatLatLng, type LatLng } from "~/lib/geo";
import { plainLine } from "~/lib/text";
import {
  type CellReading,
  changedFields,
  chunks,
  fromProposed,
  type ImportColumn,
  type Importer,
  readYesNo,
  yesNo,
} from "./csv-import.server";

type Outlet = typeof outlets.$inferSelect;
type Context = { places: Map<string, LatLng>; byName: Map<string, Outlet> };
type Values = Omit<OutletFormInput, "location" | "bookingCapacity" | "active"> &
  LatLng & { bookingCapacity: number; active: boolean };

/** An outlet's name and city as they are compared (any case, spaces collapsed). */
const nameKey = (name: string, city: string) =>
  `${plainLine(name).toLowerCase()}|${plainLine(city).toLowerCase()}`;

/** Days as the export writes them ("Mon, Tue, Sat"); read also as numbers 1-7 or full names. */
function readDays(cell: string): CellReading {
  const values: Record<string, string> = Object.fromEntries(
    weekdays.map((w) => [dayField(w.day), ""]),
  );
  for (const part of cell.split(/[,;\s]+/).filter(Boolean)) {
    const wanted = part.toLowerCase();
    const day = weekdays.find(
      (w) =>
        String(w.day) === wanted ||
        w.short.toLowerCase() === wanted ||
        w.long.toLowerCase() === wanted,
    );
    if (!day) return { error: `“${part}” is not a day: write days as Mon, Tue, Wed…` };
    values[dayField(day.day)] = "on";
  }
  return { values };
}

/** Categories served, by value or label ("Car, Bike, Inverter"). */
function readCategories(cell: string): CellReading {
  const values: Record<string, string> = Object.fromEntries(
    outletCategories.map((c) => [categoryField(c), ""]),
  );
  for (const part of cell
    .split(/[,;]+/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const wanted = part.toLowerCase();
    const found = outletCategories.find(
      (c) => c === wanted || outletCategoryLabels[c].toLowerCase() === wanted,
    );
    if (!found) {
      return {
        error: `Write the batteries served as ${outletCategories.map((c) => outletCategoryLabels[c]).join(", ")}`,
      };
    }
    values[categoryField(found)] = "on";
  }
  return { values };
}

const dayNames = (days: number[]) =>
  weekdays
    .filter((w) => days.includes(w.day))
    .map((w) => w.short)
    .join(", ");
const categoryNames = (categories: readonly string[]) =>
  outletCategories
    .filter((c) => categories.includes(c))
    .map((c) => outletCategoryLabels[c])
    .join(", ");

/** The dealers' or service centres' CSV columns (export and import); only service centres have
 * a booking capacity. */
export function outletCsvColumns(
  kind: OutletKind,
): ImportColumn<Outlet, OutletFormInput, Context>[] {
  const columns: ImportColumn<Outlet, OutletFormInput, Context>[] = [
    { header: "Id", cell: (o) => o.id },
    { header: "Name", cell: (o) => o.name, field: "name" },
    { header: "Address", cell: (o) => o.address, field: "address" },
    { header: "City", cell: (o) => o.city, field: "city" },
    { header: "State", cell: (o) => o.state, field: "state" },
    { header: "Pincode", cell: (o) => o.pincode, field: "pincode" },
    {
      header: "Location",
      cell: (o) => formatLatLng(o),
      field: "location",
      show: (o) => (o.location ? formatLatLng(o.location) : "(the pincode's)"),
    },
    { header: "Phone", cell: (o) => o.phone, field: "phone" },
    { header: "E-mail", aliases: ["Email"], cell: (o) => o.email ?? "", field: "email" },
    {
      header: "Open days",
      cell: (o) => dayNames(o.openDays),
      field: "day1",
      read: readDays,
      errorFields: ["openDays", ...weekdays.map((w) => dayField(w.day))],
      show: (o) => dayNames(o.openDays),
    },
    { header: "Opens at", cell: (o) => o.opensAt, field: "opensAt" },
    { header: "Closes at", cell: (o) => o.closesAt, field: "closesAt" },
    {
      header: "Serves",
      cell: (o) => categoryNames(o.categories),
      field: "serves-car",
      read: readCategories,
      errorFields: ["categories", ...outletCategories.map(categoryField)],
      show: (o) => categoryNames(o.categories),
    },
  ];
  if (kind === "service_centre") {
    columns.push({
      header: "Booking capacity",
      cell: (o) => o.bookingCapacity,
      field: "bookingCapacity",
      show: (o) => String(o.bookingCapacity ?? DEFAULT_BOOKING_CAPACITY),
    });
  }
  columns.push({
    header: "Active",
    cell: (o) => yesNo(o.active),
    field: "active",
    read: readYesNo("active", "true", "false"),
    show: (o) => yesNo(o.active ?? true),
  });
  return columns;
}

const snapshot = (o: Omit<Values, never> | Outlet) => ({
  name: o.name,
  address: o.address,
  city: o.city,
  state: o.state,
  pincode: o.pincode,
  lat: o.lat,
  lng: o.lng,
  phone: o.phone,
  email: o.email,
  openDays: o.openDays,
  opensAt: o.opensAt,
  closesAt: o.closesAt,
  categories: o.categories,
  bookingCapacity: o.bookingCapacity,
  active: o.active,
});

const written = [
  "name",
  "address",
  "city",
  "state",
  "pincode",
  "lat",
  "lng",
  "phone",
  "email",
  "openDays",
  "opensAt",
  "closesAt",
  "categories",
  "bookingCapacity",
  "active",
] as const;

/**
 * Dealers or service centres from CSV. A row with an Id is matched to that outlet of the kind
 * (an unknown id is an error); without one, to the outlet of the kind with its name and city
 * (any case: the table's identity); any other row is a new outlet. A blank location is the
 * pincode's point from the pincode directory, as in the form.
 */
export function outletImporter(
  kind: OutletKind,
): Importer<Outlet, OutletFormInput, Values, Context> {
  const noun = outletNouns[kind].one.toLowerCase();
  return {
    kind: kind === "dealer" ? "dealer" : "service_centre",
    columns: outletCsvColumns(kind),
    required: ["Name", "City"],
    schema: outletFormSchema,
    async load(db, rows) {
      const wanted = [...new Set(rows.map((r) => r.get("Pincode")?.trim() ?? ""))].filter((p) =>
        /^\d{6}$/.test(p),
      );
      const [records, places] = await Promise.all([
        db.select().from(outlets).where(eq(outlets.kind, kind)),
        wanted.length === 0
          ? []
          : db
              .select({
                pincode: pincodes.pincode,
                lat: pincodes.latitude,
                lng: pincodes.longitude,
              })
              .from(pincodes)
              .where(inArray(pincodes.pincode, wanted)),
      ]);
      return {
        records,
        context: {
          places: new Map(places.map((p) => [p.pincode, { lat: p.lat, lng: p.lng }])),
          byName: new Map(records.map((o) => [nameKey(o.name, o.city), o])),
        },
      };
    },
    match(cells, records, { byName }) {
      const id = cells.get("Id")?.trim();
      if (id) {
        const found = records.find((o) => String(o.id) === id);
        return found
          ? { record: found }
          : { error: { column: "Id", message: `No ${noun} has the id ${id}` } };
      }
      return {
        record: byName.get(nameKey(cells.get("Name") ?? "", cells.get("City") ?? "")) ?? null,
      };
    },
    name: (cells) =>
      [cells.get("Name"), cells.get("City")]
        .map((c) => c?.trim())
        .filter(Boolean)
        .join(", ") || "(no name)",
    duplicateKeys: (o, before) => [nameKey(o.name, o.city), ...(before ? [`id:${before.id}`] : [])],
    prepare(parsed, before, { places, byName }): Values | { errors: FieldErrors } {
      const clash = byName.get(nameKey(parsed.name, parsed.city));
      if (clash && clash.id !== before?.id) {
        return { errors: { name: outletAdminMessages.nameTaken(kind, parsed.city) } };
      }
      const point = parsed.location ?? places.get(parsed.pincode);
      if (!point) {
        return { errors: { location: outletAdminMessages.locationUnknown(parsed.pincode) } };
      }
      const { location: _, bookingCapacity, active, ...rest } = parsed;
      return {
        ...rest,
        lat: point.lat,
        lng: point.lng,
        bookingCapacity: bookingCapacity ?? before?.bookingCapacity ?? DEFAULT_BOOKING_CAPACITY,
        active: active ?? before?.active ?? true,
      };
    },
    async write(tx, rows, actor, { now }) {
      const audits: AuditEntry[] = [];
      for (const part of chunks(rows.filter((r) => !r.before))) {
        const ids = await tx
          .insert(outlets)
          .values(part.map((r) => ({ ...r.values, kind })))
          .returning({ id: outlets.id, name: outlets.name, city: outlets.city });
        const idOf = new Map(ids.map((o) => [nameKey(o.name, o.city), o.id]));
        for (const { values } of part) {
          const id = idOf.get(nameKey(values.name, values.city));
          if (id === undefined) throw new Error("insert returned no id for an imported outlet");
          audits.push({ entity: "outlet", id, before: null, after: { kind, ...snapshot(values) } });
        }
      }
      for (const part of chunks(rows.filter((r) => r.before))) {
        await tx
          .insert(outlets)
          .overridingSystemValue()
          .values(part.map((r) => ({ ...(r.before as Outlet), ...r.values, updatedAt: now })))
          .onConflictDoUpdate({
            target: outlets.id,
            set: fromProposed(outlets, written),
            where: and(eq(outlets.kind, kind)),
          });
        for (const r of part) {
          const before = r.before as Outlet;
          audits.push({
            entity: "outlet",
            id: before.id,
            ...changedFields(snapshot(before), snapshot(r.values)),
          });
        }
      }
      await recordAudits(tx, actor, audits);
    },
  };
}
