/** Every message the catalogue feature shows, in one place (ready for translation). */
import type { ProductCategory } from "~/db/schema/enums";
import { fill } from "~/lib/i18n/translate";

const productNotFound =
  'We could not find a battery with the model "{model}". It may have been renamed or is no longer sold. Search for it, or browse a category.';

/** The shop's catalogue, product page and cart button. */
export const catalogMessages = {
  selectFilter: "Please select at least one filter",
  noResults: "No batteries match these filters.",
  searchSummary: (q: string) => fill("Results for “{q}”", { q }),
  noSearchResults: (q: string) => fill("No battery matches “{q}”.", { q }),
  searchHelp:
    "Search by model (DRIVE-40L), capacity (150Ah) or vehicle (Swift, Activa), or let the Battery Finder pick by your vehicle's make, model and year.",
  addedToCart: (model: string) => fill("{model} added to cart", { model }),
  /** Fewer added than asked: the line reached the most one order takes. */
  addedUpToMost: (model: string, quantity: number) =>
    fill("{model} added to cart: you have {quantity}, the most one order takes", {
      model,
      quantity,
    }),
  /** None added: the line has the most one order takes already. */
  alreadyMost: (model: string, quantity: number) =>
    fill("You have {quantity} of {model} in your cart already, the most one order takes", {
      model,
      quantity,
    }),
  addFailed: "Could not add to cart",
  /** Why a battery could not be added (out of stock), after addFailed. */
  addFailedBecause: (reason: string) => fill("Could not add to cart: {reason}", { reason }),
  outOfStock: "Out of stock",
  reviewSaved: "Thank you! Your review has been saved.",
  reviewDeleted: "Review removed",
  ownReviewDeleted: "Your review has been deleted",
  reviewNotFound: "That review no longer exists",
  ratingRequired: "Choose a rating from 1 to 5 stars",
  reviewTooLong: "Use at most 2,000 characters",
  signInToReview: "Log in to write a review",
  /** A filter value the chosen category does not sell was removed from the address. */
  filtersRemoved: (removed: string[], category: string) =>
    fill("{category} batteries do not come in {removed}, so that filter was removed.", {
      category,
      removed: removed.join(", "),
    }),
  /** The same, on the page of all batteries. */
  filtersRemovedAll: (removed: string[]) =>
    fill("Our batteries do not come in {removed}, so that filter was removed.", {
      removed: removed.join(", "),
    }),
  /** A vehicle's search suggestion. */
  batteriesThatFit: "Batteries that fit",
  /** A category page's description for search results. */
  categoryDescriptions: {
    car: "Car batteries with prices in rupees: compare capacity, cold cranking amps and warranty, or let the Battery Finder pick the one for your car.",
    bike: "Bike and scooter batteries with prices in rupees: compare capacity and warranty, or let the Battery Finder pick the one for your two-wheeler.",
    inverter:
      "Inverter batteries for power backup at home or work, with prices in rupees: compare capacity and warranty.",
    industrial:
      "Industrial batteries with prices in rupees: compare capacity, voltage and warranty.",
  } satisfies Record<ProductCategory, string>,
  productNotFoundTitle: "Battery not found",
  /** The template of productNotFoundBody (in quotes of its own, so listed for translation). */
  productNotFoundTemplate: productNotFound,
  productNotFoundBody: (model: string) => fill(productNotFound, { model }),
};

/** The back office's product pages. */
export const productMessages = {
  allRequired: "Fill in the required fields marked below.",
  imageRequired: "Please select an image",
  imageTooLarge: "Image upload failed: the file is larger than 5 MB",
  modelRequired: "Enter the model",
  modelFormat: "Use letters, digits, spaces, dots and dashes (up to 40 characters)",
  modelTaken: "A product with this model already exists",
  categoryRequired: "Choose a category",
  capacityRequired: "Choose the capacity",
  voltageRequired: "Choose the voltage",
  warrantyRequired: "Choose the warranty",
  proRataFormat: "Enter the pro-rata months: a whole number from 0 to 120",
  hsnFormat: "Enter the HSN code in 4, 6 or 8 digits, such as 850710, or leave it empty",
  onSaleSinceFormat: "Enter the day the model went on sale, or leave it empty",
  onSaleSinceFuture: "The day the model went on sale cannot be in the future",
  priceRequired: "Enter the price",
  priceFormat: "Enter a price in rupees, e.g. 4599 or 4599.50",
  priceTooHigh: "Enter a price up to ₹10,00,000",
  mrpBelowPrice: "The MRP cannot be lower than the price",
  stockRequired: "Enter the stock (0 or more)",
  descriptionTooLong: "Use at most 2,000 characters",
  nameTooLong: "Use at most 80 characters",
  technologyTooLong: "Use at most 60 characters",
  ccaFormat: "Enter the cold cranking amps as a whole number up to 2,000",
  dimensionFormat: "Enter a whole number of millimetres",
  dimensionsIncomplete: "Enter the length, width and height, or none of them",
  weightFormat: "Enter the weight in kg, such as 11.5",
  terminalLayoutTooLong: "Use at most 40 characters",
  added: "Product added successfully!",
  updated: "Product updated successfully!",
  deleted: "Product deleted successfully!",
  deactivated: "Product deactivated: it appears in orders, so it was hidden instead of deleted",
  notFound: "That product no longer exists",
  /** What failed, by the admin form's intent (the failure toast). */
  failed: {
    add: "Could not add the product",
    edit: "Could not update the product",
    delete: "Could not delete the product",
  },
};
