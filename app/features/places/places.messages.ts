/** Every text of the pincode directory's answers in one place. */
export const placesMessages = {
  pincodeFormat: "Enter a 6-digit pincode that does not start with 0, such as 380015",
  unknownPincode: (pincode: string) => `We do not know pincode ${pincode}.`,
};
