import { fill } from "~/lib/i18n/translate";
import { outletCategoryLabels, outletNouns } from "./outlet.options";

/** Every text of the public dealer and service centre pages in one place. */
export const outletMessages = {
  enterPincodeOrCity: "Please enter a pincode or a city",
  shareLocation: "Share your location with “Use my location” to sort by distance.",
  locationUnavailable: "Your location could not be read. The list stays sorted by name.",
  noMatch: {
    dealer: "No dealers match your search.",
    service_centre: "No service centres match your search.",
  },
  nearestTo: {
    dealer: (pincode: string, place: string) =>
      fill("No dealer in {pincode} ({place}); nearest are:", { pincode, place }),
    service_centre: (pincode: string, place: string) =>
      fill("No service centre in {pincode} ({place}); nearest are:", { pincode, place }),
  },
  unknownPincode: (pincode: string) =>
    fill("We do not know pincode {pincode}. Check it, or search by city.", { pincode }),
  didYouMean: "Did you mean",
  /** Opening days when an outlet opens all seven (hours.ts). */
  everyDay: "Every day",
  /** The option labels, so the pages can show them in the language. */
  categories: outletCategoryLabels,
  nouns: outletNouns,
};
