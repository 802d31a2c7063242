import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { NewPasswordFields } from "~/components/ui/new-password-fields";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { accountMessages as m } from "~/features/accounts/accounts.messages";
import { signupSchema } from "~/features/accounts/accounts.schema";
import { signUp } from "~/features/accounts/sign-in.server";
import { formAction } from "~/lib/form-action.server";
import { safeRedirect } from "~/lib/http.server";
import { localeOf, pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/signup";
import { takeGuestCart } from "./guest-cart.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Register"),
    description: msg(
      "Create an account to order batteries, book services and keep your warranties.",
    ),
    noindex: true,
  });

export function loader({ request }: Route.LoaderArgs) {
  return { i18n: pageMessages(request, ["auth", "accounts"]) };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction({ guard: "public", defaultIntent: "signup" }, (intent) => ({
  signup: intent({
    schema: signupSchema,
    async run({ data, values, context, request }) {
      // Signed in at once, with the cart (and promo code) filled as a visitor, and back where
      // they were: a same-site path only, never another site (safeRedirect).
      const input = { ...data, locale: localeOf(request) };
      const { userId, cookies } = await signUp(context, input, { headers: request.headers });
      await takeGuestCart(request, context, userId, cookies);
      return { redirectTo: safeRedirect(values.redirectTo), headers: cookies };
    },
    success: m.registered,
  }),
}));

export default function Signup({ actionData }: Route.ComponentProps) {
  const t = useT("auth");
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const busy = useNavigation().state === "submitting";
  const { errors, formError, values, onSubmit } = useValidatedForm(signupSchema, actionData);
  const loginHref = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
  return (
    <AuthCard
      title={t("Register")}
      intro={t(
        "Create an account to check out, book services and keep your warranties in one place.",
      )}
      footer={
        <Link to={loginHref} className="font-semibold text-brand-700 underline">
          {t("Already have an account? Log in")}
        </Link>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormAlert message={formError} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("Full Name")}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={values.name}
          error={errors.name}
        />
        <Field
          label={t("Email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <NewPasswordFields
          label={t("Password")}
          confirmLabel={t("Confirm Password")}
          errors={errors}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("Signing up…") : t("Sign Up")}
        </button>
      </Form>
    </AuthCard>
  );
}
