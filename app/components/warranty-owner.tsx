import { Link } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import {
  ClaimCard,
  type ClaimShown,
  RegistrationFacts,
  type RegistrationShown,
} from "~/components/warranty-parts";
import { warrantyPageMessages as m } from "~/features/warranty/warranty.messages";
import { useT } from "~/lib/i18n/react";

/** A registration as its owner's pages show it (features/warranty/owner-view.server.ts). */
export type OwnerRegistrationShown = RegistrationShown & {
  id: number;
  claimable: boolean;
  claims: ClaimShown[];
};

/**
 * What the owner (or a look-up's pass holder) sees of a registration: its facts, "Raise a claim"
 * while it is active (or why not), and every claim with its timeline, newest first.
 */
export function RegistrationDetails({
  registration,
  claimHref,
}: {
  registration: OwnerRegistrationShown;
  /** The claim form's address (with the pass, when the visitor came with one). */
  claimHref: string;
}) {
  const t = useT("warranty");
  const { status } = registration;
  return (
    <div className="space-y-6">
      <RegistrationFacts registration={registration} />
      {registration.claimable ? (
        <Link to={claimHref} className="btn-primary">
          <SpriteIcon name="wrench" className="size-4" />
          {t("Raise a claim")}
        </Link>
      ) : status === "active" ? null : (
        <p className="rounded-lg bg-slate-50 p-3 text-slate-700" data-testid="not-claimable">
          {t(m.notClaimable[status])}
        </p>
      )}
      <section aria-labelledby="claims-title" className="space-y-4">
        <h2 id="claims-title" className="text-xl font-semibold text-slate-900">
          {t(m.claimsTitle)}
        </h2>
        {registration.claims.length === 0 ? (
          <p className="text-slate-600">{t(m.noClaims)}</p>
        ) : (
          registration.claims.map((claim) => <ClaimCard key={claim.id} claim={claim} />)
        )}
      </section>
    </div>
  );
}

/** The 404 of a registration's pages: the same words whatever the reason, and the way back. */
export function RegistrationNotFound() {
  const t = useT("warranty");
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t(m.notFoundTitle)}</h1>
      <p className="mt-3 text-slate-700" role="alert">
        {t(m.notFound)}
      </p>
      <Link to="/warranty?tab=view" className="btn-primary mt-6">
        {t(m.viewTab)}
      </Link>
    </div>
  );
}
