/**
 * Reading a PDF the store made (a tax invoice, a credit note) as a person reads it: the text of
 * each page, through pdf.js (unpdf bundles it with what it needs on Node 20). For the unit tests
 * and the browser tests alike (a downloaded invoice's text).
 */
import { extractText } from "unpdf";

/** The text of each page, in order. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes the bytes over (it may detach their buffer): it gets a copy.
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
  return text;
}

/** The text of the whole PDF, its pages one after another. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join("\n");
}
