import sharp from "sharp";
import * as products from "~/routes/admin/catalog-products";
import * as vehicles from "~/routes/admin/catalog-vehicles";
import * as catalog from "~/routes/site/catalog";
import * as product from "~/routes/site/product";
import * as suggestions from "~/routes/site/search-suggestions";
import { createProduct, createReview, createUser, createVehicle } from "../../../tests/factories";
import { fuzzForms } from "../../../tests/helpers/fuzz";

let serial = 0;
/** A number of its own for each run (a model, a vehicle), so that a run's record is new. */
function next(): number {
  serial += 1;
  return serial;
}
const nextModel = async () => ({ model: `FZ-${next()}` });

async function photo(): Promise<Record<string, File>> {
  const buffer = await sharp({
    create: { width: 32, height: 24, channels: 3, background: "#2548ea" },
  })
    .png()
    .toBuffer();
  return { image: new File([new Uint8Array(buffer)], "battery.png", { type: "image/png" }) };
}

/** The admin product form's fields, filled in. */
const productFields = {
  model: "FZ-0",
  category: "car",
  capacityAh: "45",
  voltageV: "12",
  warrantyMonths: "24",
  proRataMonths: "12",
  onSaleSince: "2024-01-01",
  hsnCode: "850710",
  price: "5,499",
  mrp: "6000",
  stock: "8",
  description: "Sealed maintenance-free car battery.",
  name: "UrjaCell car battery 45Ah",
  name_hi: "उर्जासेल कार बैटरी",
  name_gu: "ઉર્જાસેલ કાર બેટરી",
  description_hi: "रखरखाव-मुक्त बैटरी",
  description_gu: "જાળવણી-મુક્ત બેટરી",
  technology: "SMF",
  cca: "420",
  lengthMm: "240",
  widthMm: "175",
  heightMm: "190",
  weightKg: "12.5",
  terminalLayout: "Right positive",
  featured: "on",
  installationIncluded: "on",
};

fuzzForms(
  "catalogue forms",
  async ({ t }) => {
    const inStock = await createProduct(t, { model: "FZ-STOCKED", stock: 50 });
    const soldOut = await createProduct(t, { model: "FZ-SOLDOUT", stock: 0 });
    const other = await createProduct(t, { model: "FZ-OTHER" });
    const reviewer = await createUser(t, { name: "Reviewer" });
    const review = await createReview(t, { productId: inStock.id, userId: reviewer.id });
    const vehicle = await createVehicle(t, [inStock.id]);
    return {
      inStock: inStock.model,
      soldOut: soldOut.model,
      ids: {
        inStock: String(inStock.id),
        other: String(other.id),
        review: String(review.id),
        vehicle: String(vehicle.id),
      },
    };
  },
  [
    {
      name: "admin: the product list's search (GET)",
      loader: products.loader,
      as: "admin",
      path: "/admin/product",
      fields: () => ({ q: "FZ", page: "1", edit: "1" }),
    },
    {
      name: "admin: the vehicle list's search (GET)",
      loader: vehicles.loader,
      as: "admin",
      path: "/admin/vehicle",
      fields: () => ({ q: "Swift", type: "car", page: "1" }),
    },
    {
      name: "catalogue: search, filters and sort (GET)",
      loader: catalog.loader,
      as: "visitor",
      path: "/allproduct",
      fields: () => ({
        q: "Swift 45Ah",
        category: "car",
        capacity: "45",
        voltage: "12",
        warranty: "24",
        sort: "price-asc",
        page: "1",
        apply: "1",
      }),
    },
    {
      name: "search suggestions (GET)",
      loader: suggestions.loader,
      as: "visitor",
      path: "/search/suggestions",
      fields: () => ({ q: "FZ" }),
    },
    {
      name: "product page: a review",
      action: product.action,
      as: "shopper",
      path: ({ inStock }) => `/oneprod/${inStock}`,
      params: ({ inStock }) => ({ model: inStock }),
      intent: "review",
      fields: () => ({ rating: "4", body: "Starts the car every morning, even in winter." }),
    },
    {
      name: "product page: notify me (a visitor)",
      action: product.action,
      as: "visitor",
      path: ({ soldOut }) => `/oneprod/${soldOut}`,
      params: ({ soldOut }) => ({ model: soldOut }),
      intent: "notify",
      fields: () => ({ email: "waiting.fuzz@example.in" }),
    },
    {
      name: "product page: an admin removes a review",
      action: product.action,
      as: "admin",
      path: ({ inStock }) => `/oneprod/${inStock}`,
      params: ({ inStock }) => ({ model: inStock }),
      intent: "delete-review",
      fields: ({ ids }) => ({ reviewId: ids.review }),
    },
    {
      name: "admin: add a product (with its photo)",
      action: products.action,
      as: "admin",
      path: "/admin/product?add=1",
      intent: "add",
      files: photo,
      prepare: nextModel,
      fields: () => productFields,
    },
    {
      name: "admin: edit a product",
      action: products.action,
      as: "admin",
      path: "/admin/product",
      intent: "edit",
      prepare: nextModel,
      fields: ({ ids }) => ({ ...productFields, productId: ids.other, active: "on" }),
    },
    {
      name: "admin: add a vehicle",
      action: vehicles.action,
      as: "admin",
      path: "/admin/vehicle",
      intent: "add",
      prepare: async () => ({ model: `Swift ${next()}` }),
      fields: ({ ids }) => ({
        vehicleType: "car",
        make: "Maruti Suzuki",
        model: "Swift",
        year: "2022",
        fuelType: "Petrol",
        recommendedProductId: ids.inStock,
        alternatives: ids.other,
      }),
    },
    {
      name: "admin: edit a vehicle",
      action: vehicles.action,
      as: "admin",
      path: "/admin/vehicle",
      intent: "edit",
      fields: ({ ids }) => ({
        vehicleId: ids.vehicle,
        vehicleType: "car",
        make: "Hyundai",
        model: "i20",
        year: "2023",
        fuelType: "Petrol",
        recommendedProductId: ids.inStock,
        alternatives: "",
      }),
    },
    {
      name: "admin: delete a vehicle",
      action: vehicles.action,
      as: "admin",
      path: "/admin/vehicle",
      intent: "delete",
      fields: ({ ids }) => ({ vehicleId: ids.vehicle }),
    },
    // Last: the other forms use the product it deletes.
    {
      name: "admin: delete a product",
      action: products.action,
      as: "admin",
      path: "/admin/product",
      intent: "delete",
      fields: ({ ids }) => ({ productId: ids.other }),
      control: false,
    },
  ],
);
