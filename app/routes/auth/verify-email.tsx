import { Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { accountMessages as m } from "~/features/accounts/accounts.messages";
import {
  isEmailVerified,
  type VerifyOutcome,
  verifyEmailLink,
} from "~/features/accounts/verification.server";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { sessionUser } from "~/lib/request-state.server";
import { pageMeta } from "~/root";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Verify your e-mail address"),
    description: msg("Confirm your e-mail address with the link we sent you."),
    noindex: true,
  });

/** Opening the mailed link verifies the address: a plain GET, so it works without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome: VerifyOutcome = await verifyEmailLink(context, token);
  const user = sessionUser(context);
  return {
    outcome,
    signedIn: user !== null,
    /** The signed-in account is verified (by this link or another one). */
    verified: user ? await isEmailVerified(context.db, user.id) : false,
    i18n: pageMessages(request, ["auth", "accounts"]),
  };
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { outcome, signedIn, verified } = loaderData;
  const t = useT("auth");
  const busy = useNavigation().state === "submitting";
  const done = outcome === "verified" || outcome === "used" || verified;
  const notice =
    outcome === "verified"
      ? m.emailVerified
      : outcome === "used"
        ? m.verifyLinkUsed
        : verified
          ? m.alreadyVerified
          : undefined;
  return (
    <AuthCard
      title={done ? t("E-mail address verified") : t("Verify your e-mail address")}
      footer={
        <Link to="/allproduct" className="font-semibold text-brand-700 underline">
          {t("Continue shopping")}
        </Link>
      }
    >
      {done ? (
        <div className="space-y-4">
          <FormAlert message={notice && t.text(notice)} tone="success" />
          <Link to={signedIn ? "/account" : "/login"} className="btn-primary w-full">
            {signedIn ? t("Go to your account") : t("Log in")}
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          <FormAlert
            message={t.text(outcome === "expired" ? m.verifyLinkExpired : m.verifyLinkInvalid)}
          />
          {signedIn ? (
            // The account page's own form: it answers there, where the address's state is shown.
            <Form method="post" action="/account">
              <input type="hidden" name="intent" value="verify" />
              <button type="submit" className="btn-primary w-full" disabled={busy}>
                {busy ? t("Sending…") : t("Send the link again")}
              </button>
            </Form>
          ) : (
            <p className="text-sm text-slate-700">
              {t.rich("<0>Log in</0> and we can send you a new link from your account page.", {
                0: (text) => (
                  <Link
                    to={`/login?redirectTo=${encodeURIComponent("/account")}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {text}
                  </Link>
                ),
              })}
            </p>
          )}
        </div>
      )}
    </AuthCard>
  );
}
