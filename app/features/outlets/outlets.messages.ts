import { placesMessages } from "~/features/places/places.messages";

/** Every text of the public dealer and service centre pages in one place. */
export const outletMessages = {
  enterPincodeOrCity: "Please enter a pincode or a city",
  shareLocation: "Share your location with “Use my location” to sort by distance.",
  locationUnavailable: "Your location could not be read. The list stays sorted by name.",
  noMatch: (many: string) => `No ${many.toLowerCase()} match your search.`,
  nearestTo: (one: string, pincode: string, place: string) =>
    `No ${one.toLowerCase()} in ${pincode} (${place}); nearest are:`,
  unknownPincode: (pincode: string) =>
    `${placesMessages.unknownPincode(pincode)} Check it, or search by city.`,
  didYouMean: "Did you mean",
};
