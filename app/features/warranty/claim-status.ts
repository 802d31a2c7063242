/**
 * A warranty claim's life (issue 22): Submitted -> Inspection -> Approved (a replacement, or a
 * pro-rata discount) or Rejected (with a reason) -> Closed. Staff make every move; a claim is
 * open until it is Closed, and a registration has one open claim at a time.
 */
import type { ClaimOutcome, ClaimProblem, ClaimStatus } from "~/db/schema/enums";
import { warrantyLabels } from "./warranty.messages";

export { type ClaimStatus, claimStatuses } from "~/db/schema/enums";

export const claimStatusLabels: Record<ClaimStatus, string> = warrantyLabels.claimStatus;

export const claimProblemLabels: Record<ClaimProblem, string> = warrantyLabels.claimProblem;

export const claimOutcomeLabels: Record<ClaimOutcome, string> = warrantyLabels.claimOutcome;

const moves: Record<ClaimStatus, readonly ClaimStatus[]> = {
  submitted: ["inspection", "rejected"],
  inspection: ["approved", "rejected"],
  approved: ["closed"],
  rejected: ["closed"],
  closed: [],
};

/** Where a claim in `from` may go next. */
export function nextClaimStatuses(from: ClaimStatus): ClaimStatus[] {
  return [...moves[from]];
}

export function canMoveClaim(from: ClaimStatus, to: ClaimStatus): boolean {
  return moves[from].includes(to);
}

/** Is a claim in this status still open (one per registration)? */
export function isOpenClaim(status: ClaimStatus): boolean {
  return status !== "closed";
}

/** What the owner sees of a registration as a whole. */
export const registrationStatuses = ["active", "expired", "claim_open", "replaced"] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

export const registrationStatusLabels: Record<RegistrationStatus, string> =
  warrantyLabels.registrationStatus;

/** A registration's status on `today`: replaced, then a claim open, then by its last day. */
export function registrationStatusOf(
  registration: { warrantyUntil: string; replacedAt: Date | string | null },
  openClaim: boolean,
  today: string,
): RegistrationStatus {
  if (registration.replacedAt) return "replaced";
  if (openClaim) return "claim_open";
  return today > registration.warrantyUntil ? "expired" : "active";
}
