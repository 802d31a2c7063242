import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { AuthCard } from "~/components/auth-card";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { accountMessages as m } from "~/features/accounts/accounts.messages";
import { emailSchema, loginSchema } from "~/features/accounts/accounts.schema";
import { signIn, startProviderSignIn } from "~/features/accounts/sign-in.server";
import { formAction } from "~/lib/form-action.server";
import { safeRedirect } from "~/lib/http.server";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { inRequestLanguage } from "~/lib/i18n/redirect.server";
import { sessionUser } from "~/lib/request-state.server";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/login";
import { takeGuestCart } from "./guest-cart.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Log in"),
    description: msg("Log in to your account to see your orders, bookings and batteries."),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (sessionUser(context)) {
    throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  }
  // `?email=` (a link that knows the address): the form starts with it, if it is an e-mail
  // address at all; anything else is ignored, never echoed into the page.
  const email = emailSchema.safeParse(url.searchParams.get("email") ?? "");
  return {
    social: context.social,
    email: email.success ? email.data : "",
    i18n: pageMessages(request, ["auth", "accounts"]),
  };
}

const redirectSchema = z.object({ redirectTo: z.string().optional() });

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction({ guard: "public", defaultIntent: "password" }, (intent) => {
  /** Google or Apple: off to the provider, with better-auth's state cookie. */
  const provider = (name: "google" | "apple") =>
    intent({
      schema: redirectSchema,
      async run({ data, context, request }) {
        const { url, cookies } = await startProviderSignIn(
          context,
          {
            provider: name,
            configured: context.social[name],
            returnTo: inRequestLanguage(request, safeRedirect(data.redirectTo)),
            errorReturnTo: inRequestLanguage(request, "/login"),
          },
          { headers: request.headers },
        );
        return { redirectTo: url, headers: cookies };
      },
    });
  return {
    password: intent({
      schema: loginSchema,
      // An e-mail too long to be an account's gets the answer of any wrong e-mail or password.
      invalid: (fieldErrors) =>
        Object.values(fieldErrors).includes(m.invalidCredentials)
          ? { fieldErrors: {}, formError: m.invalidCredentials }
          : { formError: m.fillEveryField },
      async run({ data, values, context, request }) {
        const { userId, cookies } = await signIn(context, data, { headers: request.headers });
        await takeGuestCart(request, context, userId, cookies);
        return { redirectTo: safeRedirect(values.redirectTo), headers: cookies };
      },
      success: m.loggedIn,
    }),
    google: provider("google"),
    apple: provider("apple"),
  };
});

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT("auth");
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
  // An e-mail given by sign-up: the password is what is left to type.
  const email = values.email ?? loaderData.email;
  const focusPassword = Boolean(loaderData.email) && !actionData;
  return (
    <AuthCard
      title={t("Log in")}
      intro={t("Welcome back. Log in to see your cart, orders, bookings and warranties.")}
      footer={
        <>
          {t("New here?")}{" "}
          <Link to={signupHref} className="font-semibold text-brand-700 underline">
            {t("Sign up")}
          </Link>
        </>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormAlert message={formError ?? emptyError} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("Email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={email}
          aria-invalid={emptyError && !values.email ? true : undefined}
        />
        <Field
          label={t("Password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus={focusPassword}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 underline">
            {t("Forgot password?")}
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("Logging in…") : t("Log in")}
        </button>
      </Form>
      {social.google || social.apple ? (
        <Form method="post" className="mt-6 space-y-3 border-t border-slate-200 pt-6">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {social.google ? (
            <button type="submit" name="intent" value="google" className="btn-outline w-full">
              {t("Continue with Google")}
            </button>
          ) : null}
          {social.apple ? (
            <button type="submit" name="intent" value="apple" className="btn-outline w-full">
              {t("Continue with Apple")}
            </button>
          ) : null}
        </Form>
      ) : null}
    </AuthCard>
  );
}
