import type { ProductCategory } from "../schema/enums";

/** The demo store's featured products (the home page's best-sellers until orders exist). */
export const seedFeaturedModels = ["DRIVE-35L", "DRIVE-65R", "RIDE-5L", "HOME-150T"];

/** The demo store includes fitting at the customer's place for every battery but bike ones. */
export const seedInstallationIncluded = (category: ProductCategory) => category !== "bike";

/** The demo store's old-battery exchange prices (credit per battery, in rupees). */
export const seedExchangeRates: {
  category: ProductCategory;
  minCapacityAh: number;
  maxCapacityAh: number;
  creditRupees: number;
}[] = [
  { category: "bike", minCapacityAh: 1, maxCapacityAh: 9, creditRupees: 150 },
  { category: "bike", minCapacityAh: 10, maxCapacityAh: 20, creditRupees: 250 },
  { category: "car", minCapacityAh: 1, maxCapacityAh: 45, creditRupees: 700 },
  { category: "car", minCapacityAh: 46, maxCapacityAh: 70, creditRupees: 1000 },
  { category: "car", minCapacityAh: 71, maxCapacityAh: 120, creditRupees: 1400 },
  { category: "inverter", minCapacityAh: 1, maxCapacityAh: 120, creditRupees: 1500 },
  { category: "inverter", minCapacityAh: 121, maxCapacityAh: 180, creditRupees: 2200 },
  { category: "inverter", minCapacityAh: 181, maxCapacityAh: 300, creditRupees: 2800 },
];

/** The demo store's delivery areas: the sorting districts of the cities it has outlets in. */
export const seedDeliveryAreas = [
  { prefix: "380", city: "Ahmedabad", days: 1 },
  { prefix: "382", city: "Gandhinagar", days: 2 },
  { prefix: "400", city: "Mumbai", days: 2 },
  { prefix: "411", city: "Pune", days: 2 },
  { prefix: "110", city: "New Delhi", days: 3 },
  { prefix: "302", city: "Jaipur", days: 3 },
  { prefix: "560", city: "Bengaluru", days: 3 },
  { prefix: "600", city: "Chennai", days: 3 },
  { prefix: "500", city: "Hyderabad", days: 3 },
  { prefix: "700", city: "Kolkata", days: 4 },
];
