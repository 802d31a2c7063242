import { Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { accountMessages as m } from "~/features/accounts/accounts.messages";
import { forgotPasswordSchema } from "~/features/accounts/accounts.schema";
import { requestPasswordReset } from "~/features/accounts/password.server";
import { formAction } from "~/lib/form-action.server";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Forgot password"),
    description: msg("Get a link by e-mail to choose a new password for your account."),
    noindex: true,
  });

export function loader({ request }: Route.LoaderArgs) {
  return { i18n: pageMessages(request, ["auth", "accounts"]) };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction({ guard: "public", defaultIntent: "reset" }, (intent) => ({
  reset: intent({
    schema: forgotPasswordSchema,
    async run({ data, context, request }) {
      await requestPasswordReset(context, data, { headers: request.headers });
    },
    success: m.resetSent,
    reply: "data",
  }),
}));

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT("auth");
  const busy = useNavigation().state === "submitting";
  const { errors, formError, values, onSubmit } = useValidatedForm(
    forgotPasswordSchema,
    actionData,
  );
  const sent = actionData?.ok ? actionData.message : undefined;
  return (
    <AuthCard
      title={t("Forgot password")}
      intro={t(
        "Enter the e-mail of your account and we will send you a link to choose a new password.",
      )}
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline">
          {t("Back to log in")}
        </Link>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormAlert message={sent} tone="success" />
        <FormAlert message={formError} />
        <Field
          label={t("Email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("Sending…") : t("Send reset link")}
        </button>
      </Form>
    </AuthCard>
  );
}
