/**
 * An Indian mobile number as typed ("+91 98765-43210", "09876543210") made comparable: spaces
 * and dashes out, and +91, 91 or 0 in front of ten digits taken off. What is left is checked by
 * each form's schema (ten digits from 6 to 9), in its own words.
 */
export function normaliseMobile(typed: string): string {
  return typed
    .trim()
    .replace(/[\s-]/g, "")
    .replace(/^(\+91|91|0)(?=\d{10}$)/, "");
}
