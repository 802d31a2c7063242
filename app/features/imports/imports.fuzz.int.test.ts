import { stageImport } from "~/features/imports/csv-import.server";
import { productImporter } from "~/features/imports/product-import.server";
import * as products from "~/routes/admin/catalog-products";
import * as vehicles from "~/routes/admin/catalog-vehicles";
import * as outlets from "~/routes/admin/outlets";
import { createProduct } from "../../../tests/factories";
import { csvUpload, type FuzzForm, type FuzzWorld, fuzzForms } from "../../../tests/helpers/fuzz";

/** A list's CSV upload, its one row's cells fuzzed (the file is written from the run's values). */
function preview(
  list: string,
  action: (args: never) => unknown,
  path: string,
  row: Record<string, string>,
): FuzzForm<Record<never, never>> {
  return {
    name: `admin: preview a ${list} CSV (its cells fuzzed)`,
    action,
    as: "admin",
    path: `${path}?import=new`,
    intent: "importPreview",
    files: csvUpload("file"),
    fields: () => row,
  };
}

const productRow = {
  Model: "CSV-1",
  Category: "car",
  "Capacity (Ah)": "45",
  "Voltage (V)": "12",
  "Warranty (months)": "24",
  "Price (INR)": "5499",
  "MRP (INR)": "6000",
  Stock: "5",
  Active: "yes",
  Name: "UrjaCell car battery 45Ah",
  Description: "Imported from the old price list.",
  "Name (Hindi)": "कार बैटरी",
  "Name (Gujarati)": "કાર બેટરી",
};

let models = 0;
/** A staged import of one new product, for each run: a confirmed import is done. */
async function stagedProducts({ t, admin }: FuzzWorld<Record<never, never>>) {
  models += 1;
  const text = `Model,Category,Capacity (Ah),Voltage (V),Warranty (months),Price (INR),Stock\r\nCSVNEW-${models},bike,7,12,12,1499,3\r\n`;
  const importId = await stageImport(t.db, productImporter, { name: "new.csv", text }, admin);
  return { importId };
}

fuzzForms(
  "CSV import forms",
  async ({ t }) => {
    await createProduct(t, { model: "FITS-45" });
    return {};
  },
  [
    preview("products", products.action, "/admin/product", productRow),
    preview("vehicles", vehicles.action, "/admin/vehicle", {
      Type: "car",
      Make: "Maruti Suzuki",
      Model: "Baleno",
      Year: "2021",
      "Engine type": "Petrol",
      "Recommended battery": "FITS-45",
      Alternatives: "",
    }),
    preview("dealers", outlets.action, "/admin/dealer", {
      Name: "Urja Point",
      Address: "1 Ring Road",
      City: "Surat",
      State: "Gujarat",
      Pincode: "395003",
      Phone: "+91 98250 00000",
      "E-mail": "point@example.in",
      "Open days": "Mon, Tue, Wed, Thu, Fri, Sat",
      "Opens at": "09:00",
      "Closes at": "19:00",
      Serves: "Car, Bike, Inverter",
      Active: "yes",
    }),
    {
      name: "admin: confirm a products import",
      action: products.action,
      as: "admin",
      path: "/admin/product",
      intent: "importConfirm",
      prepare: stagedProducts,
      fields: () => ({ importId: "" }),
    },
  ],
);
