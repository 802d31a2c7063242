import { fill } from "~/lib/i18n/translate";
import { indianStates } from "./indian-states";

/** Every text of the pincode directory's answers in one place. */
export const placesMessages = {
  pincodeFormat: "Enter a 6-digit pincode that does not start with 0, such as 380015",
  unknownPincode: (pincode: string) => fill("We do not know pincode {pincode}.", { pincode }),
  /** Each state's name as the catalogues hold it: shown in the page's language (the stored
   * value stays the official English name). */
  stateNames: indianStates,
};
