import { fill } from "~/lib/i18n/translate";

/** Every message of the purchase cues (exchange offer, delivery check) in one place. */
export const purchaseMessages = {
  taxesIncluded: "Inclusive of all taxes (GST)",
  freeInstallation: "Free installation at your place",
  pincodeFormat: "Enter a 6-digit pincode",
  deliveryServed: (city: string, days: number, by: string) =>
    days === 1
      ? fill("Delivery to {city} in 1 day, by {by}", { city, by })
      : fill("Delivery to {city} in {days} days, by {by}", { city, days, by }),
  deliveryNotServed: (pincode: string) => fill("We do not deliver to {pincode} yet.", { pincode }),
  deliveryCallUs: "Call us to arrange it:",
  exchangeNotOffered: "The old-battery exchange is not offered for this battery",
};

/** The back office's exchange prices and delivery areas. */
export const purchaseAdminMessages = {
  categoryRequired: "Choose a category",
  minCapacity: "Enter the smallest capacity in Ah (a whole number)",
  maxCapacity: "Enter the largest capacity in Ah (a whole number)",
  maxBelowMin: "The largest capacity must not be below the smallest",
  creditFormat: "Enter the credit in rupees, such as 1,200",
  overlaps: (category: string, min: number, max: number) =>
    fill("{category} batteries from {min}Ah to {max}Ah already have an exchange price", {
      category,
      min,
      max,
    }),
  rateNotFound: "That exchange price no longer exists",
  rateAdded: "Exchange price added",
  rateUpdated: "Exchange price saved",
  rateDeleted: "Exchange price deleted",
  prefixFormat: "Enter a pincode or its first 3 to 5 digits",
  cityRequired: "Enter the city",
  daysFormat: "Enter the delivery time in days, from 1 to 30",
  areaTaken: "That pincode already has a delivery area",
  areaNotFound: "That delivery area no longer exists",
  areaAdded: "Delivery area added",
  areaUpdated: "Delivery area saved",
  areaDeleted: "Delivery area deleted",
  /** What failed, by the admin form's intent (the failure toasts). */
  rateFailed: {
    add: "Could not add the exchange price",
    edit: "Could not save the exchange price",
    delete: "Could not delete the exchange price",
  },
  areaFailed: {
    add: "Could not add the delivery area",
    edit: "Could not save the delivery area",
    delete: "Could not delete the delivery area",
  },
};
