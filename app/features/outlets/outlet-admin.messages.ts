import type { OutletKind } from "~/db/schema/enums";
import { outletNouns } from "./outlet.options";

/** "dealer" / "service centre": the noun of a kind inside a sentence. */
const lower = (kind: OutletKind) => outletNouns[kind].one.toLowerCase();

/** The failure toasts' "what failed", by intent. */
const failedFor = (kind: OutletKind) => ({
  add: `Could not add the ${lower(kind)}`,
  edit: `Could not update the ${lower(kind)}`,
  delete: `Could not delete the ${lower(kind)}`,
});

/** Every text of the back office's dealers and service centres pages (`/admin/dealer`, `/admin/service`). */
export const outletAdminMessages = {
  allRequired: "Fill in the required fields marked below.",
  /** The Filter button with neither a name nor a city: every outlet is listed. */
  filterEmpty: "Please enter a name or a city",
  nameRequired: "Enter the name",
  addressRequired: "Enter the address",
  cityRequired: "Enter the city",
  stateRequired: "Choose the state",
  stateFromList: "Choose a state or union territory from the list",
  tooLong: (max: number) => `Use at most ${max} characters`,
  pincodeRequired: "Enter the PIN code",
  pincodeFormat: "Enter a 6-digit PIN code that does not start with 0, such as 380009",
  /** A blank location and a pincode the directory does not have: nothing to place it by. */
  locationUnknown: (pincode: string) =>
    `We do not know where pincode ${pincode} is: enter the location as latitude,longitude or pick it on the map`,
  phoneRequired: "Enter the phone number",
  emailFormat: "Enter an e-mail address such as name@example.in (or leave it blank)",
  openDaysRequired: "Choose at least one day it is open",
  timeFormat: "Enter a time such as 09:00",
  closesBeforeOpens: "The closing time must be after the opening time",
  categoriesRequired: "Choose at least one category it serves",
  capacityFormat: "Enter a whole number from 1 to 50",
  nameTaken: (kind: OutletKind, city: string) =>
    `A ${lower(kind)} with this name already exists in ${city}`,
  notFound: (kind: OutletKind) => `That ${lower(kind)} no longer exists`,
  /** Refused delete: bookings still to come must be cancelled first. */
  hasUpcomingBookings: (kind: OutletKind, count: number) =>
    `This ${lower(kind)} has ${count === 1 ? "1 upcoming booking" : `${count} upcoming bookings`}: cancel ${count === 1 ? "it" : "them"} first, then delete it`,
  added: (kind: OutletKind) => `${outletNouns[kind].one} added successfully!`,
  updated: (kind: OutletKind) => `${outletNouns[kind].one} updated successfully!`,
  deleted: (kind: OutletKind) => `${outletNouns[kind].one} deleted successfully!`,
  /** Delete of an outlet that past bookings refer to: hidden from the public instead. */
  deactivated: (kind: OutletKind) =>
    `${outletNouns[kind].one} deactivated: past bookings refer to it, so it was hidden from the public instead of deleted`,
  /** What failed, by the admin form's intent (the failure toast), for each kind. */
  failed: { dealer: failedFor("dealer"), service_centre: failedFor("service_centre") },
};
