import { formatPaise } from "~/lib/money";

/** Every text of the back office's promo codes page (`/admin/promo`). */
export const promoAdminMessages = {
  codeFormat: "Use 3 to 20 letters and digits, such as DIWALI10",
  codeTaken: "That code already exists: choose another, or edit the existing one",
  kindRequired: "Choose percent off or an amount off",
  amountRequired: "Enter the discount",
  amountPercent: "Enter a whole percentage from 1 to 100",
  amountRupees: "Enter the amount off in rupees, such as 500",
  minSubtotalFormat: "Enter the minimum subtotal in rupees, such as 2,000 (or leave it blank)",
  dateFormat: "Choose a date",
  endsBeforeStarts: "The last day cannot be before the first day",
  usageLimitFormat: "Enter a whole number from 1 to 1,000,000 (or leave it blank for no limit)",
  usageLimitBelowUses: (uses: number) =>
    `This code has been used ${uses === 1 ? "once" : `${uses} times`}: the limit cannot be lower`,
  promoNotFound: "That promo code no longer exists",
  promoAdded: (code: string) => `Promo code ${code} added`,
  promoUpdated: (code: string) => `Promo code ${code} saved`,
  promoDeactivated: "Promo code deactivated: shoppers can no longer use it",
  promoReactivated: "Promo code reactivated",
  /** The Discount column: "10%" or "₹500 off". */
  discount: (kind: "percent" | "fixed", amount: number) =>
    kind === "percent" ? `${amount}%` : `${formatPaise(amount)} off`,
  /** The Uses column: "3 of 10", or "3" without a limit. */
  uses: (uses: number, limit: number | null) =>
    limit === null ? `${uses}` : `${uses} of ${limit}`,
  /** The usage limit's hint when editing. */
  usedSoFar: (uses: number) =>
    uses === 0 ? "Not used yet." : `Used ${uses === 1 ? "once" : `${uses} times`} so far.`,
  /** What failed, by the admin form's intent (the failure toasts). */
  failed: {
    add: "Could not add the promo code",
    edit: "Could not save the promo code",
    deactivate: "Could not deactivate the promo code",
    reactivate: "Could not reactivate the promo code",
  },
};
