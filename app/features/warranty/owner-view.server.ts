import type { RegistrationView } from "./warranty.server";

/**
 * What the owner's pages send the browser of a registration: its facts, status and claims with
 * their timelines, and nothing else of the row (not the owner's name, mobile, e-mail, account or
 * consent, nor a claim's e-mail): a look-up's answer goes to whoever knows the serial and mobile.
 */
export function ownerView(view: RegistrationView) {
  return {
    id: view.id,
    serial: view.serial,
    model: view.model,
    purchaseDate: view.purchaseDate,
    warrantyMonths: view.warrantyMonths,
    proRataMonths: view.proRataMonths,
    freeUntil: view.freeUntil,
    warrantyUntil: view.warrantyUntil,
    daysLeft: view.daysLeft,
    status: view.status,
    claimable: view.claimable,
    claims: view.claims.map((claim) => ({
      id: claim.id,
      reference: claim.reference,
      problem: claim.problem,
      details: claim.details,
      status: claim.status,
      outcome: claim.outcome,
      discountPaise: claim.discountPaise,
      rejectReason: claim.rejectReason,
      centreName: claim.centreName,
      centreAddress: claim.centreAddress,
      centreCity: claim.centreCity,
      centrePhone: claim.centrePhone,
      booking: claim.booking
        ? { reference: claim.booking.reference, date: claim.booking.date, time: claim.booking.time }
        : null,
      timeline: claim.timeline.map((event) => ({
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        note: event.note,
        createdAt: event.createdAt,
        // The owner reads who in their words: staff are the service desk, never a name.
        by: event.fromStatus === null ? "you" : "the service desk",
      })),
    })),
  };
}
export type OwnerRegistration = ReturnType<typeof ownerView>;
