/** Every text of the public dealer and service centre pages in one place. */
export const outletMessages = {
  enterPincodeOrCity: "Please enter a pincode or a city",
  shareLocation: "Share your location with “Use my location” to sort by distance.",
  locationUnavailable: "Your location could not be read. The list stays sorted by name.",
  noMatch: (many: string) => `No ${many.toLowerCase()} match your search.`,
};
