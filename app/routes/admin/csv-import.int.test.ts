import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, outlets, products, vehicleFitments } from "~/db/schema";
import { csvImportMessages as m } from "~/features/imports/csv-import.messages";
import { productCsvColumns } from "~/features/imports/product-import.server";
import { parseCsv } from "~/lib/csv";
import { action as productAction, loader as productLoader } from "~/routes/admin/catalog-products";
import { action as vehicleAction, loader as vehicleLoader } from "~/routes/admin/catalog-vehicles";
import { loader as exportOutlets } from "~/routes/admin/export-outlets";
import { loader as exportProducts } from "~/routes/admin/export-products";
import { loader as exportVehicles } from "~/routes/admin/export-vehicles";
import { action as outletAction, loader as outletLoader } from "~/routes/admin/outlets";
import { createOutlet, createProduct, createUser, createVehicle } from "../../../tests/factories";
import {
  callRoute,
  failureOf,
  flashMessageOf,
  outcome,
  routeArgs,
  statusOf,
  TEST_PUBLIC_URL,
} from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";

let t: TestDatabase;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  cookie = (await createUser(t, { role: "admin" })).cookie;
});
afterAll(async () => {
  await t?.close();
});

type Handler = (args: never) => unknown;

/** Posts a CSV file to a list's upload form (`?import=new`), as the page does. */
async function upload(handler: Handler, path: string, text: string, name = "list.csv") {
  const form = new FormData();
  form.set("intent", "importPreview");
  form.set("file", new File([text], name, { type: "text/csv" }));
  const request = new Request(`${TEST_PUBLIC_URL}${path}?import=new`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie },
  });
  return outcome(async () => handler((await routeArgs(t, request)) as never));
}

/** Uploads, then reads the preview the redirect opens. */
async function preview(handler: Handler, loader: Handler, path: string, text: string) {
  const answer = await upload(handler, path, text);
  expect(statusOf(answer)).toBe(302);
  const location = (answer as Response).headers.get("Location") ?? "";
  const id = new URL(location, TEST_PUBLIC_URL).searchParams.get("import") ?? "";
  const page = (await callRoute(t, loader, location, { cookie })) as {
    importing: {
      open: string;
      view?: { rows: { status: string; errors: unknown[]; changes: unknown[] }[] };
    };
  };
  return { id, location, page };
}

async function confirm(handler: Handler, location: string, importId: string) {
  return callRoute(t, handler, location, { cookie, values: { intent: "importConfirm", importId } });
}

async function exported(loader: Handler, path: string) {
  const response = (await callRoute(t, loader, path, { cookie })) as Response;
  return response.text();
}

describe("the lists' CSV import through their pages", () => {
  it("refuses a bad file with a 400 and its message next to the file field, never a 500", async () => {
    for (const [text, message] of [
      ["", m.empty],
      ["Make,Colour\r\nX,red\r\n", undefined],
      ["PK\u0003\u0004\u0000", m.notCsv],
    ] as const) {
      const answer = await upload(vehicleAction, "/admin/vehicle", text);
      expect(statusOf(answer)).toBe(400);
      const error = failureOf(answer).fieldErrors.file;
      expect(error).toBe(message ?? error);
      expect(error).toBeTruthy();
    }
    const none = await callRoute(t, productAction, "/admin/product?import=new", {
      cookie,
      values: { intent: "importPreview" },
    });
    expect(failureOf(none).fieldErrors.file).toBe(m.fileRequired);
  });

  it("imports products through the page: preview, confirm, the outcome with the skipped row", async () => {
    await createProduct(t, { model: "PAGE-1", pricePaise: 450_000, mrpPaise: 450_000 });
    const { id, location, page } = await preview(
      productAction,
      productLoader,
      "/admin/product",
      "Model,Price (INR)\r\nPAGE-1,4800\r\nPAGE-1X,\r\n",
    );
    expect(page.importing.view?.rows.map((r) => r.status)).toEqual(["changed", "error"]);
    const done = await confirm(productAction, location, id);
    expect(flashMessageOf(done)).toBe(m.imported({ created: 0, updated: 1, skipped: 1 }));
    const [row] = await t.db.select().from(products).where(eq(products.model, "PAGE-1"));
    expect(row?.pricePaise).toBe(480_000);
    const after = (await callRoute(t, productLoader, location, { cookie })) as typeof page;
    expect(after.importing.view?.rows.map((r) => r.status)).toEqual(["error"]);
  });

  it("exports every product column an import reads, and takes the export back with a new price", async () => {
    await createProduct(t, {
      model: "ROUND-TRIP-1",
      name: "Round trip battery",
      pricePaise: 520_000,
      mrpPaise: 520_000,
      hsnCode: "850710",
      featured: true,
    });
    await createProduct(t, { model: "ROUND-TRIP-2", pricePaise: 610_000, mrpPaise: 700_000 });
    const csv = await exported(exportProducts, "/admin/product/export?q=round-trip");
    const [header, ...lines] = parseCsv(csv).map((r) => r.cells);
    expect(header).toEqual(productCsvColumns.map((c) => c.header));
    expect(lines.map((cells) => cells[1])).toEqual(["ROUND-TRIP-1", "ROUND-TRIP-2"]);
    const cell = (cells: string[] | undefined, heading: string) =>
      cells?.[header?.indexOf(heading) ?? -1];
    expect(cell(lines[0], "Name")).toBe("Round trip battery");
    // The MRP is blank where it is the price, so a new price alone keeps them equal.
    expect(cell(lines[0], "MRP (INR)")).toBe("");
    expect(cell(lines[1], "MRP (INR)")).toBe("7000.00");

    const unchanged = await preview(productAction, productLoader, "/admin/product", csv);
    expect(unchanged.page.importing.view?.rows.map((r) => r.status)).toEqual([
      "unchanged",
      "unchanged",
    ]);
    const repriced = csv.replace("5200.00", "5500.00");
    const edited = await preview(productAction, productLoader, "/admin/product", repriced);
    expect(edited.page.importing.view?.rows.map((r) => r.status)).toEqual(["changed", "unchanged"]);
    await confirm(productAction, edited.location, edited.id);
    const [row] = await t.db.select().from(products).where(eq(products.model, "ROUND-TRIP-1"));
    expect(row).toMatchObject({ pricePaise: 550_000, mrpPaise: 550_000, featured: true });
  });

  it("imports vehicles with their batteries by model, and round-trips the filtered export", async () => {
    const car = await createProduct(t, { model: "VEH-CAR-1", category: "car" });
    const car2 = await createProduct(t, { model: "VEH-CAR-2", category: "car" });
    await createProduct(t, { model: "VEH-INV", category: "inverter" });
    const existing = await createVehicle(t, [car.id], {
      make: "Importa",
      model: "Alpha",
      year: 2020,
    });
    const text = [
      "Type,Make,Model,Year,Engine type,Recommended battery,Alternatives",
      `Car,Importa,Alpha,2020,Petrol,veh-car-1,VEH-CAR-2`,
      `Car,Importa,Beta,2021,Diesel,veh-car-2,`,
      `Car,Importa,Gamma,2021,Diesel,VEH-INV,`,
      `Car,Importa,Delta,2021,Diesel,NO-SUCH,`,
    ].join("\r\n");
    const { id, location, page } = await preview(
      vehicleAction,
      vehicleLoader,
      "/admin/vehicle",
      text,
    );
    const rows = page.importing.view?.rows ?? [];
    expect(rows.map((r) => r.status)).toEqual(["changed", "new", "error", "error"]);
    expect(rows[0]?.changes).toEqual([{ column: "Alternatives", from: "", to: "VEH-CAR-2" }]);
    expect(rows[2]?.errors).toEqual([
      { column: "Recommended battery", message: expect.stringContaining("car") },
    ]);
    expect(rows[3]?.errors).toEqual([
      { column: "Recommended battery", message: "No battery has the model “NO-SUCH”" },
    ]);
    await confirm(vehicleAction, location, id);
    const fits = await t.db
      .select()
      .from(vehicleFitments)
      .where(eq(vehicleFitments.vehicleId, existing.id));
    expect(fits.map((f) => [f.productId, f.rank]).sort()).toEqual([
      [car.id, 1],
      [car2.id, 2],
    ]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, "vehicle"));
    expect(audits.map((a) => a.action).sort()).toEqual(["vehicle.create", "vehicle.update"]);
    const csv = await exported(exportVehicles, "/admin/vehicle/export?q=importa");
    expect(parseCsv(csv).map((r) => r.cells.slice(2, 4))).toEqual([
      ["Make", "Model"],
      ["Importa", "Alpha"],
      ["Importa", "Beta"],
    ]);
    const again = await preview(vehicleAction, vehicleLoader, "/admin/vehicle", csv);
    expect(again.page.importing.view?.rows.map((r) => r.status)).toEqual([
      "unchanged",
      "unchanged",
    ]);
  });

  it("imports dealers by id or by name and city, and round-trips the export", async () => {
    const known = await createOutlet(t, { name: "Csv Dealer", city: "Surat", pincode: "395003" });
    await createOutlet(t, { kind: "service_centre", name: "Csv Service", city: "Surat" });
    const header =
      "Id,Name,Address,City,State,Pincode,Location,Phone,Open days,Opens at,Closes at,Serves";
    const text = [
      header,
      `${known.id},Csv Dealer Renamed,2 Ring Road,Surat,Gujarat,395003,"21.17,72.83",+91 98250 11111,"Mon, Tue",10:00,18:00,"Car, Bike"`,
      `,Csv New Dealer,3 Ring Road,Surat,Gujarat,395003,"21.18,72.84",+91 98250 22222,Mon,09:00,19:00,Car`,
      `,Csv Nowhere,4 Ring Road,Surat,Gujarat,999999,,+91 98250 33333,Mon,09:00,19:00,Car`,
      `999999,Csv Ghost,5 Ring Road,Surat,Gujarat,395003,"21.1,72.8",+91 98250 44444,Mon,09:00,19:00,Car`,
    ].join("\r\n");
    const { id, location, page } = await preview(outletAction, outletLoader, "/admin/dealer", text);
    const rows = page.importing.view?.rows ?? [];
    expect(rows.map((r) => r.status)).toEqual(["changed", "new", "error", "error"]);
    expect(rows[2]?.errors).toEqual([
      { column: "Location", message: expect.stringContaining("999999") },
    ]);
    expect(rows[3]?.errors).toEqual([{ column: "Id", message: "No dealer has the id 999999" }]);
    await confirm(outletAction, location, id);
    const [renamed] = await t.db.select().from(outlets).where(eq(outlets.id, known.id));
    expect(renamed).toMatchObject({
      name: "Csv Dealer Renamed",
      openDays: [1, 2],
      categories: ["car", "bike"],
    });
    // The service centres' list is another list: its export has only its own.
    const services = await exported(exportOutlets, "/admin/service/export");
    expect(parseCsv(services).map((r) => r.cells[1])).toEqual(["Name", "Csv Service"]);
    const dealers = await exported(exportOutlets, "/admin/dealer/export?city=Surat");
    const again = await preview(outletAction, outletLoader, "/admin/dealer", dealers);
    expect(again.page.importing.view?.rows.map((r) => [r.status, r.errors])).toEqual([
      ["unchanged", []],
      ["unchanged", []],
    ]);
  });
});
