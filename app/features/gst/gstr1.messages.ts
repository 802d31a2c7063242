/** Every text of the month's GST figures (GSTR-1, /admin/gst) in one place. */

const monthFormat = new Intl.DateTimeFormat("en-US", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-11" as people read it: "November 2026". */
export function monthLabel(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

export const gstr1Messages = {
  monthMissing: "Choose a month",
  monthShape: "Choose a month as YYYY-MM, such as 2026-11",
  monthRange: "Choose a month from July 2017 (when GST began) to December 2099",
  sectionUnknown: "Choose a section: b2b, b2cl, b2cs, cdnr, cdnur, hsn-b2b or hsn-b2c",
  nothingIssued: (month: string) =>
    `No invoices or credit notes were issued in ${monthLabel(month)}`,
  demoDocuments: (count: number) =>
    `${count === 1 ? "1 document is" : `${count} documents are`} the demo store's, not tax invoices: not for filing.`,
};
