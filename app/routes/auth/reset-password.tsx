import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { NewPasswordFields } from "~/components/ui/new-password-fields";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { accountMessages as m } from "~/features/accounts/accounts.messages";
import { resetPasswordSchema } from "~/features/accounts/accounts.schema";
import { isResetLinkUsable, resetPassword } from "~/features/accounts/password.server";
import { formAction } from "~/lib/form-action.server";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Choose a new password"),
    description: msg("Choose a new password for your account with the link we e-mailed you."),
    noindex: true,
  });

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return {
    linkUsable: await isResetLinkUsable(context.db, token),
    i18n: pageMessages(request, ["auth", "accounts"]),
  };
}

export const action = formAction({ guard: "public", defaultIntent: "reset" }, (intent) => ({
  reset: intent({
    schema: resetPasswordSchema,
    // A missing token is the link's fault, not a field's: said above the form.
    invalid: ({ token, ...fieldErrors }) => ({ fieldErrors, formError: token }),
    async run({ data, context }) {
      await resetPassword(context, data);
      return { redirectTo: "/login" };
    },
    success: m.passwordReset,
  }),
}));

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT("auth");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const welcome = params.get("welcome") === "1";
  const busy = useNavigation().state === "submitting";
  const { errors, formError, onSubmit } = useValidatedForm(resetPasswordSchema, actionData);
  // Used, expired or made up: said at once, with the way to a new link (below).
  const invalidLink = !token || params.get("error") !== null || !loaderData.linkUsable;
  return (
    <AuthCard
      title={welcome ? t("Set your password") : t("Choose a new password")}
      footer={
        <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
          {t("Need a new link?")}
        </Link>
      }
    >
      {invalidLink ? (
        <FormAlert message={t.text(m.resetInvalid)} />
      ) : (
        <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
          <FormAlert message={formError} />
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields errors={errors} />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? t("Saving…") : t("Save password")}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
