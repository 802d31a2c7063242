import { fill } from "~/lib/i18n/translate";
import { formatDay } from "~/lib/india-time";
import { formatPaise } from "~/lib/money";

/** Every text of the warranty desk in one place. */
export const warrantyMessages = {
  serial: "Enter the serial number: 6 to 20 letters or digits",
  product: "Choose your battery's model",
  productUnknown: "Choose a model from the list",
  firstName: "Enter your first name (up to 50 characters)",
  lastName: "Enter your last name (up to 50 characters)",
  pincode: "Enter a 6-digit pin code that does not start with 0",
  purchaseDate: "Enter the day you bought the battery",
  purchaseInFuture: "The purchase date cannot be in the future",
  beforeOnSale: (day: string) =>
    fill("This model went on sale on {day}: check the purchase date", { day: formatDay(day) }),
  warrantyEnded: "This battery's warranty has already ended",
  mobile: "Enter a 10-digit mobile number starting with 6, 7, 8 or 9",
  email: "Enter a valid e-mail address, or leave it empty",
  serialTaken: "This serial number is already registered",
  registered: (serial: string) => fill("Battery {serial} is registered", { serial }),
  tooManyLookups: (minutes: number) =>
    minutes === 1
      ? fill("Too many look-ups from your connection. Please try again in 1 minute.")
      : fill("Too many look-ups from your connection. Please try again in {minutes} minutes.", {
          minutes,
        }),
  tooManyRegistrations: (minutes: number) =>
    minutes === 1
      ? fill("Too many registrations from your connection. Please try again in 1 minute.")
      : fill(
          "Too many registrations from your connection. Please try again in {minutes} minutes.",
          { minutes },
        ),
  noMatch: "No registration matches this serial number and mobile number",
  registrationNotFound: "Registration not found",
  // Claims
  problem: "Choose what is wrong with the battery",
  details: "Describe the problem (up to 500 characters)",
  detailsNeeded: "Tell us what is wrong (up to 500 characters)",
  centre: "Choose the service centre that should inspect the battery",
  centreUnknown: "That service centre is not taking claims",
  claimEmail: "Enter the e-mail address for news of the claim",
  notActive: "Only a battery whose warranty is active can have a claim",
  claimOpen: "This battery already has an open claim",
  claimRaised: (reference: string) => fill("Claim {reference} raised", { reference }),
  claimNotFound: "Claim not found",
  claimMoved: (reference: string, status: string) =>
    fill("Claim {reference} moved to {status}", { reference, status }),
  claimMoveRefused: (from: string, to: string) =>
    fill("A claim that is {from} cannot become {to}", { from, to }),
  moveTo: "Choose what happens to the claim",
  outcome: "Choose a replacement or a pro-rata discount",
  discount: "Enter the discount in rupees, such as 1,200",
  discountOverPrice: (pricePaise: number) =>
    fill("The discount cannot be more than the battery's price, {price}", {
      price: formatPaise(pricePaise),
    }),
  rejectReason: "Give the reason for rejecting the claim",
  note: "At most 500 characters",
  linkExpired: "This link has expired: look your battery up again",
  // Serials at delivery
  serialsRegistered: (count: number) =>
    count === 1
      ? fill("1 battery registered for warranty")
      : fill("{count} batteries registered for warranty", { count }),
  serialsRefused: (count: number) =>
    count === 1
      ? fill("1 serial number was not registered: see the field")
      : fill("{count} serial numbers were not registered: see the fields", { count }),
  /** After the order moved: the move stands, some serials did not. */
  deliveredSerialsRefused: (number: number, count: number): string =>
    fill("Order #{number} is delivered, but {refused}", {
      number,
      refused: warrantyMessages.serialsRefused(count),
    }),
  serialRepeated: "The same serial number is given twice",
  unitRegistered: "This battery was registered meanwhile: see the batteries fitted",
  serialsNone: "Type the serial number of at least one battery",
  serialsNothingNew: "Nothing new to register: these batteries are registered already",
  /** A serial's field: its battery counted among the order's batteries of that model. */
  serialLabel: (model: string, unit: number, of: number) =>
    of === 1
      ? fill("Serial No. of {model}", { model })
      : fill("Serial No. of {model}, battery {unit} of {of}", { model, unit, of }),
  orderNotDelivered: "Serial numbers are taken once the order is delivered",
  orderNotFound: "Order not found",
  failed: {
    register: "Could not register the battery",
    view: "Could not look the battery up",
    claim: "Could not raise the claim",
    move: "Could not change the claim",
    serials: "Could not register the serial numbers",
  },
};

/** The names of statuses, problems and outcomes (claim-status.ts), translated where shown. */
export const warrantyLabels = {
  claimStatus: {
    submitted: "Submitted",
    inspection: "Inspection",
    approved: "Approved",
    rejected: "Rejected",
    closed: "Closed",
  },
  claimProblem: {
    not_charging: "Not charging",
    low_backup: "Low backup",
    swollen_or_leaking: "Swollen or leaking",
    other: "Other",
  },
  claimOutcome: {
    replacement: "Replacement battery",
    pro_rata: "Pro-rata discount",
  },
  registrationStatus: {
    active: "Active",
    expired: "Expired",
    claim_open: "Claim open",
    replaced: "Replaced",
  },
} as const;

/** The public warranty pages' own texts (/warranty, /warranty/<id>, its claim form). */
export const warrantyPageMessages = {
  intro:
    "Register your battery to keep its warranty on record, look it up any time with its serial number and your mobile number, and raise a claim online if it fails.",
  registerTab: "Register Your Battery",
  viewTab: "View Registered Battery",
  emailHint: "For the confirmation of your registration",
  consent: "I agree to receive warranty updates on WhatsApp/SMS",
  registeredTitle: "Battery registered",
  lookedUpTitle: "Your battery",
  claimsTitle: "Claims",
  noClaims: "No claims yet.",
  notFoundTitle: "Battery not found",
  notFound:
    "This link has expired or does not open this battery. Look your battery up again with its serial number and mobile number.",
  notClaimable: {
    claim_open: "This battery has a claim open: a new claim can be raised once it is closed.",
    expired: "This battery's warranty has ended, so a claim cannot be raised.",
    replaced: "This battery was replaced under its warranty, so a claim cannot be raised.",
  },
  claimTitle: "Raise a warranty claim",
  noCentres: "No service centre is taking claims right now. Please call us instead.",
  noSlot: "No slot: the centre will call me",
  slotHint: "Choose a time to bring the battery in, or the centre calls you to agree one.",
  claimEmailHint: "We send news of the claim here.",
  detailsHint: "Required when the problem is Other.",
};
