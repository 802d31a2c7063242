/** Every message the finder feature shows, in one place (ready for translation). */

export const finderMessages = {
  noMatch: "No battery found for this vehicle",
  chooseAll: "Choose the make, model, year and engine type, then press Find Battery.",
  /** Next steps under "No battery found for this vehicle". */
  noMatchHint: "We may still have one that fits. You can:",
  browseCategory: { car: "Browse car batteries", bike: "Browse bike batteries" },
  callStore: "Call the store",
  bookService: "Book a service: we check your vehicle and fit the right battery",
};

/** The back office's vehicle pages. */
export const vehicleMessages = {
  typeRequired: "Choose the vehicle type",
  makeRequired: "Enter the make",
  modelRequired: "Enter the model",
  yearInvalid: "Enter a year from 1980 to next year",
  fuelRequired: "Choose the engine type",
  batteryRequired: "Choose the recommended battery",
  duplicate: "This vehicle (make, model, year and engine type) is already listed",
  unknownBattery: "Choose batteries from the catalogue",
  /** A battery of another kind than the vehicle (an inverter battery for a car). */
  wrongKind: {
    car: "A car takes a car battery: choose one from the car batteries",
    bike: "A two-wheeler takes a bike battery: choose one from the bike batteries",
    commercial: "A commercial vehicle takes a car or industrial battery",
  },
  added: "Vehicle added",
  updated: "Vehicle updated",
  deleted: "Vehicle deleted",
  notFound: "That vehicle no longer exists",
  /** What failed, by the admin form's intent (the failure toast). */
  failed: {
    add: "Could not add the vehicle",
    edit: "Could not update the vehicle",
    delete: "Could not delete the vehicle",
  },
};
