import { describe, expect, it } from "vitest";
import { claimStatuses } from "~/db/schema/enums";
import { canMoveClaim, isOpenClaim, nextClaimStatuses, registrationStatusOf } from "./claim-status";

describe("a claim's moves", () => {
  it("goes Submitted -> Inspection -> Approved or Rejected -> Closed", () => {
    expect(nextClaimStatuses("submitted")).toEqual(["inspection", "rejected"]);
    expect(nextClaimStatuses("inspection")).toEqual(["approved", "rejected"]);
    expect(nextClaimStatuses("approved")).toEqual(["closed"]);
    expect(nextClaimStatuses("rejected")).toEqual(["closed"]);
    expect(nextClaimStatuses("closed")).toEqual([]);
  });

  it("refuses every other move: no skipping inspection, no going back, nothing after Closed", () => {
    expect(canMoveClaim("submitted", "approved")).toBe(false);
    expect(canMoveClaim("approved", "inspection")).toBe(false);
    expect(canMoveClaim("rejected", "approved")).toBe(false);
    for (const to of claimStatuses) expect(canMoveClaim("closed", to)).toBe(false);
    for (const from of claimStatuses) expect(canMoveClaim(from, "submitted")).toBe(false);
  });

  it("counts a claim open until it is closed", () => {
    expect(claimStatuses.filter(isOpenClaim)).toEqual([
      "submitted",
      "inspection",
      "approved",
      "rejected",
    ]);
  });
});

describe("a registration's status", () => {
  const registration = { warrantyUntil: "2026-11-23", replacedAt: null };

  it("is Active up to and including its last day, then Expired", () => {
    expect(registrationStatusOf(registration, false, "2026-11-23")).toBe("active");
    expect(registrationStatusOf(registration, false, "2026-11-24")).toBe("expired");
  });

  it("says Claim open while a claim is, and Replaced once a replacement was given", () => {
    expect(registrationStatusOf(registration, true, "2026-11-20")).toBe("claim_open");
    expect(
      registrationStatusOf({ ...registration, replacedAt: new Date() }, true, "2026-11-20"),
    ).toBe("replaced");
  });
});
