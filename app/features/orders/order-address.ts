/** The street part of a delivery address, line by line: flat or house, area or street, and the
 * landmark. An order placed before the address had parts has only its one line. */
export function streetLines(a: {
  house: string;
  address: string;
  landmark: string | null;
}): string[] {
  return [a.house, a.address, a.landmark ? `Landmark: ${a.landmark}` : ""].filter(Boolean);
}
