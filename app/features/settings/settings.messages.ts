/** Every text of the back office's store settings page in one place. */
export const settingsMessages = {
  brandName: "Enter the store's name, 2 to 60 characters",
  tagline: "Keep the tagline to 120 characters",
  supportEmail: "Enter an e-mail address such as help@yourstore.in, or leave it empty",
  address: "Keep the address to 300 characters",
  upiPayeeName: "Enter the name the UPI ID is registered to, 2 to 50 characters",
  payeeIdMissing: "Enter the UPI ID too, or clear the payee name",
  payeeNameMissing: "Enter the name the UPI ID is registered to, or clear the UPI ID",
  gstPercent: "Enter the GST rate in percent, from 0 to 40, such as 18 or 12.5",
  shippingFee: "Enter the shipping fee in rupees, such as 99 (0 for free shipping), up to 1,00,000",
  freeShippingFrom: "Enter an amount in rupees such as 5,000 (up to 1 crore), or leave it empty",
  paymentWindowHours: "Enter a number of hours from 1 to 720 (30 days), such as 48",
  noPayeeYet:
    "Until a UPI payee is set, checkout works only on this machine (localhost), as a demo whose QR code pays nobody.",
  noPayee: "No UPI payee is set.",
  payeeSet: (name: string, id: string) => `Customers pay ${name} (${id}) by UPI.`,
  storeSaved: "Store details saved",
  paymentsSaved: "Payment and shipping settings saved",
  socialSaved: "Social links saved",
  mapsSaved: "Map settings saved",
  payOnInstallationMax: "Enter the largest order in rupees, such as 25,000 (from 1 to 1 crore)",
  payOnInstallationSaved: "Pay on installation settings saved",
  mapAttribution: "Enter the credit the tile server asks for, 2 to 200 characters",
  taxInvoicesSaved: "Tax invoice details saved",
  sellerSet: (name: string, gstin: string) => `Tax invoices are issued by ${name}, GSTIN ${gstin}.`,
  noSeller:
    "Not set: on this machine paid orders get the demo store's invoice, marked not a tax invoice; on the store's own address, none. Set all four to issue real tax invoices.",
  nothingChanged: "Nothing changed: the settings already had these values",
  /** What failed, by the form's intent (the failure toasts). */
  failed: {
    store: "Could not save the store details",
    payments: "Could not save the payment settings",
    social: "Could not save the social links",
    maps: "Could not save the map settings",
    payOnInstallation: "Could not save the pay on installation settings",
    taxInvoices: "Could not save the tax invoice details",
  },
};
