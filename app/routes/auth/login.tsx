import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { loginSchema } from "~/features/accounts/accounts.schema";
import { signIn, signInWithProvider } from "~/features/accounts/sign-in.server";
import { readFormValues, safeRedirect } from "~/lib/http.server";
import { getSessionUser } from "~/lib/session.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Log in" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await getSessionUser(request, context)) {
    throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  }
  return { social: context.social };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  if (values.intent === "google" || values.intent === "apple") {
    return signInWithProvider(request, context, values.intent, values);
  }
  return signIn(request, context, values);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const busy = useNavigation().state === "submitting";
  const { errors, formError, values, onSubmit } = useValidatedForm(loginSchema, actionData);
  // The browser check gives the server's words: "fill in every field", or a wrong login.
  const emptyError = errors.email || errors.password || undefined;
  const signupHref = redirectTo
    ? `/signup?redirectTo=${encodeURIComponent(redirectTo)}`
    : "/signup";
  const { social } = loaderData;
  return (
    <AuthCard
      title="Log in"
      intro="Welcome back. Log in to see your cart, orders, bookings and warranties."
      footer={
        <>
          New here?{" "}
          <Link to={signupHref} className="font-semibold text-brand-700 underline">
            Sign up
          </Link>
        </>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormAlert message={formError ?? emptyError} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          aria-invalid={emptyError && !values.email ? true : undefined}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 underline">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Logging in…" : "Log in"}
        </button>
      </Form>
      {social.google || social.apple ? (
        <Form method="post" className="mt-6 space-y-3 border-t border-slate-200 pt-6">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {social.google ? (
            <button type="submit" name="intent" value="google" className="btn-outline w-full">
              Continue with Google
            </button>
          ) : null}
          {social.apple ? (
            <button type="submit" name="intent" value="apple" className="btn-outline w-full">
              Continue with Apple
            </button>
          ) : null}
        </Form>
      ) : null}
    </AuthCard>
  );
}
