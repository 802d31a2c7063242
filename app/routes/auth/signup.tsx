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
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Register") },
];

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction({ guard: "public", defaultIntent: "signup" }, (intent) => ({
  signup: intent({
    schema: signupSchema,
    async run({ data, values, context, request }) {
      await signUp(context, data, { headers: request.headers });
      // The login form starts with the address just registered (never the password).
      const login = new URLSearchParams({ email: data.email });
      const redirectTo = safeRedirect(values.redirectTo, "");
      if (redirectTo) login.set("redirectTo", redirectTo);
      return { redirectTo: `/login?${login}` };
    },
    success: m.registered,
  }),
}));

export default function Signup({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const busy = useNavigation().state === "submitting";
  const { errors, formError, values, onSubmit } = useValidatedForm(signupSchema, actionData);
  const loginHref = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
  return (
    <AuthCard
      title="Register"
      intro="Create an account to check out, book services and keep your warranties in one place."
      footer={
        <Link to={loginHref} className="font-semibold text-brand-700 underline">
          Already have an account? Log in
        </Link>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormAlert message={formError} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Full Name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={values.name}
          error={errors.name}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <NewPasswordFields label="Password" confirmLabel="Confirm Password" errors={errors} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Signing up…" : "Sign Up"}
        </button>
      </Form>
    </AuthCard>
  );
}
