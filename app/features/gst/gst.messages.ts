import { formatDay } from "~/lib/india-time";

/** Every text of GST invoices, credit notes and the GST figures in one place. */
export const gstMessages = {
  gstinShape: "Enter the 15-character GSTIN, such as 24AAACC1206D1ZM",
  gstinState: "A GSTIN starts with a state's code (01 to 38); check the first two digits",
  gstinCheck: "This GSTIN's last character does not match the rest: check it for a typing mistake",
  legalName: "Enter the business's legal name as on its GST registration, 2 to 100 characters",
  legalNameWithoutGstin: "Enter the GSTIN too, or clear the legal name",
  chooseState: "Choose the State the order goes to",
  sellerGstinState: (state: string) => `This GSTIN is registered in another state than ${state}`,
  sellerAddress: "Enter the address registered for GST, 10 to 300 characters",
  sellerIncomplete: "Fill in all four to issue tax invoices: legal name, address, State and GSTIN",
  demoNotice: "Demo store: not a tax invoice",
  sellerNotSet:
    "No tax invoice yet: set the store's GST details (legal name, address, State, GSTIN) in Settings, then issue it here.",
  invoiceIssued: (number: string) => `Tax invoice ${number} issued`,
  invoiceNotPaid: "Only a paid order has a tax invoice",
  invoiceAlready: (number: string) => `This order has tax invoice ${number} already`,
  invoiceFor: (number: string, day: string) => `Tax invoice ${number} of ${formatDay(day)}`,
  creditNoteFor: (number: string, day: string) => `Credit note ${number} of ${formatDay(day)}`,
};
