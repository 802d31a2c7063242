/** What the old site's import says about a record or a field (docs/importing.md). */
export const legacyMessages = {
  missing: "missing",
  notADocument: "is not a document (an object of fields)",
  notAList: (collection: string) =>
    `"${collection}" must be a list of documents ([{...}, ...]); nothing of it was read`,
  notAnExport: "The file is not an export of the old site: a JSON object of collections",
  /** `"₹4,5OO" is not an amount` */
  notA: (value: unknown, what: string) => `${JSON.stringify(value)} is not ${what}`,
  priceZero: "must be more than ₹0",
  priceCap: "is above ₹10,00,000, the most a battery may cost",
  capacityWhole: "must be a whole number of Ah (the store keeps whole ampere-hours)",
  unknownCategory: "is not car, bike, inverter or industrial",
  noItems: "has no batteries: the old order cannot be checked or priced without its lines",
  unknownBattery: (model: string) => `"${model}" is not a battery of the export or the store`,
  duplicateIn: (ref: string, key: string) => `duplicate of ${ref} (the same ${key})`,
  shadowedBy: (ref: string) =>
    `the same model as ${ref}, which is kept: the old site's edits wrote to battery`,
  pincodeUnknown: (pincode: string) =>
    `${pincode} is not in India Post's directory, so its state is not known: add a "state" field`,
  noLocation: (pincode: string) =>
    `is missing and pincode ${pincode} is not in India Post's directory to place it on the map`,
  cartLineLeftOut: (model: string, why: string) => `"${model}" left out of the cart: ${why}`,
  cartLineUnknown: "not a battery of the store",
  cartLineQuantity: (value: unknown) => `${JSON.stringify(value)} is not a quantity from 1 to 4`,
  databaseRefused: (reason: string) => `the database refused it: ${reason}`,
} as const;
