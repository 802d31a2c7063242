import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { CustomerBookings } from "~/components/outlets/booking-parts";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { NewPasswordFields } from "~/components/ui/new-password-fields";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { MyBatteries } from "~/components/warranty-parts";
import { accountMessages as m } from "~/features/accounts/accounts.messages";
import { changeNameSchema, changePasswordSchema } from "~/features/accounts/accounts.schema";
import { changeName, changePassword } from "~/features/accounts/profile.server";
import { isEmailVerified, sendVerificationLink } from "~/features/accounts/verification.server";
import { bookingMessages } from "~/features/bookings/bookings.messages";
import { cancelCustomerBooking, listCustomerBookings } from "~/features/bookings/bookings.server";
import { listMyBatteries } from "~/features/warranty/warranty.server";
import { formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { requireUser } from "~/lib/guards.server";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { recordIdSchema } from "~/lib/record-id";
import { updateSessionUser } from "~/lib/request-state.server";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Your account"),
    description: msg("Your name, password, bookings, batteries and orders."),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [bookings, emailVerified, batteries] = await Promise.all([
    listCustomerBookings(context.db, user.id),
    isEmailVerified(context.db, user.id),
    listMyBatteries(context.db, user.id),
  ]);
  return {
    user,
    bookings,
    emailVerified,
    batteries,
    // The batteries' and bookings' parts are drawn by their own features' components.
    i18n: pageMessages(request, ["account", "accounts", "auth", "warranty", "bookings"]),
  };
}

/** The booking a cancel is about. */
const bookingIdSchema = z.object({ bookingId: recordIdSchema });

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction({ guard: "user" }, (intent) => ({
  name: intent({
    schema: changeNameSchema,
    async run({ data, context, request }) {
      await changeName(context, data, { headers: request.headers });
      updateSessionUser(context, { name: data.name });
    },
    success: m.nameChanged,
    reply: "data",
  }),
  password: intent({
    schema: changePasswordSchema,
    async run({ data, actor, context, request }) {
      const { cookies } = await changePassword(context, data, actor, { headers: request.headers });
      return { headers: cookies };
    },
    success: m.passwordChanged,
    reply: "data",
  }),
  verify: intent({
    schema: z.object({}),
    async run({ actor, context, request }) {
      const { message } = await sendVerificationLink(context, actor, { headers: request.headers });
      return { message };
    },
    reply: "data",
  }),
  cancelBooking: intent({
    schema: bookingIdSchema,
    invalid: notFoundIfInvalid(bookingMessages.bookingNotFound),
    async run({ data, actor, context }) {
      const booking = await cancelCustomerBooking(context.db, data.bookingId, actor, {
        publicUrl: context.publicUrl,
      });
      return {
        message: bookingMessages.cancelled(booking.reference),
        redirectTo: "/account#bookings",
      };
    },
  }),
}));

type ActionData = Route.ComponentProps["actionData"];

function resultFor(intent: string, actionData: ActionData) {
  if (!actionData) return undefined;
  const submitted = actionData.ok ? actionData.intent : actionData.values.intent;
  return submitted === intent ? actionData : undefined;
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT("account");
  const { user, bookings, emailVerified, batteries } = loaderData;
  const navigation = useNavigation();
  const submittingIntent = navigation.formData?.get("intent");
  const nameResult = resultFor("name", actionData);
  const passwordResult = resultFor("password", actionData);
  const verifyResult = resultFor("verify", actionData);
  const nameForm = useValidatedForm(changeNameSchema, nameResult);
  const passwordForm = useValidatedForm(changePasswordSchema, passwordResult);
  const passwordRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (passwordResult?.ok) passwordRef.current?.reset();
  }, [passwordResult]);

  return (
    <div className="container-page max-w-3xl py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">{t("Your account")}</h1>
        <Link to="/account/orders" className="btn-outline">
          {t("Your orders")}
        </Link>
      </div>
      <dl className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">{t("Name")}</dt>
          <dd className="font-semibold text-slate-900">{user.name}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t("E-mail")}</dt>
          <dd className="font-semibold break-all text-slate-900">{user.email}</dd>
          <dd className="mt-1">
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                emailVerified ? "bg-success-50 text-success-700" : "bg-warning-50 text-warning-700"
              }`}
            >
              {emailVerified ? t("Verified") : t("Not verified yet")}
            </span>
          </dd>
        </div>
      </dl>

      {emailVerified ? null : (
        <section
          id="verify-email"
          className="mt-8 rounded-2xl border border-warning-700/30 bg-warning-50 p-6"
          aria-labelledby="verify-title"
        >
          <h2 id="verify-title" className="text-xl font-semibold text-slate-900">
            {t("Verify your e-mail address")}
          </h2>
          <p className="mt-1 text-sm text-slate-800">
            {t.rich(
              "We e-mailed a link to <0>{email}</0>. Open it to verify that the address is yours: you need that before your first order and before writing a review. No mail? Look in the spam folder, or have it sent again.",
              { 0: (email) => <span className="font-semibold break-all">{email}</span> },
              { email: user.email },
            )}
          </p>
          <Form method="post" className="mt-4 space-y-4">
            <FormAlert
              message={verifyResult?.ok ? verifyResult.message : undefined}
              tone="success"
            />
            <FormAlert
              message={verifyResult && !verifyResult.ok ? verifyResult.formError : undefined}
            />
            <input type="hidden" name="intent" value="verify" />
            <button type="submit" className="btn-primary" disabled={submittingIntent === "verify"}>
              {t("Send the link again")}
            </button>
          </Form>
        </section>
      )}

      <MyBatteries batteries={batteries} />

      <CustomerBookings bookings={bookings} />

      <section
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-6"
        aria-labelledby="name-title"
      >
        <h2 id="name-title" className="text-xl font-semibold">
          {t("Change name")}
        </h2>
        <Form method="post" noValidate onSubmit={nameForm.onSubmit} className="mt-4 space-y-4">
          <FormAlert message={nameResult?.ok ? nameResult.message : undefined} tone="success" />
          <FormAlert message={nameForm.formError} />
          <input type="hidden" name="intent" value="name" />
          <Field
            label={t("Full Name")}
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={nameForm.values.name ?? user.name}
            key={user.name}
            error={nameForm.errors.name}
          />
          <button type="submit" className="btn-primary" disabled={submittingIntent === "name"}>
            {t("Save name")}
          </button>
        </Form>
      </section>

      <section
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-6"
        aria-labelledby="password-title"
      >
        <h2 id="password-title" className="text-xl font-semibold">
          {t("Change password")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {t("Changing it signs you out everywhere else.")}
        </p>
        <Form
          method="post"
          noValidate
          onSubmit={passwordForm.onSubmit}
          ref={passwordRef}
          className="mt-4 space-y-4"
        >
          <FormAlert
            message={passwordResult?.ok ? passwordResult.message : undefined}
            tone="success"
          />
          <FormAlert message={passwordForm.formError} />
          <input type="hidden" name="intent" value="password" />
          <Field
            label={t("Current password")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={passwordForm.errors.currentPassword}
          />
          <NewPasswordFields name="newPassword" errors={passwordForm.errors} />
          <button type="submit" className="btn-primary" disabled={submittingIntent === "password"}>
            {t("Change password")}
          </button>
        </Form>
      </section>
    </div>
  );
}
