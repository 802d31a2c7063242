import { Form, Link, useNavigation } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import { Field, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { type OwnerRegistrationShown, RegistrationDetails } from "~/components/warranty-owner";
import { warrantyLength } from "~/components/warranty-parts";
import { ownerView } from "~/features/warranty/owner-view.server";
import { warrantyPageMessages as m, warrantyMessages } from "~/features/warranty/warranty.messages";
import { lookupFormSchema, registrationFormSchema } from "~/features/warranty/warranty.schema";
import {
  claimPass,
  listWarrantyModels,
  lookupWarranty,
  requestWarrantyRegistration,
} from "~/features/warranty/warranty.server";
import { formAction } from "~/lib/form-action.server";
import type { FieldErrors, FormResult } from "~/lib/forms";
import { localeOf, pageMessages, serverTranslate } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { indiaDayOf } from "~/lib/india-time";
import { sessionUser } from "~/lib/request-state.server";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/warranty";
import { warrantyPath } from "./warranty-access.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: TITLE,
    description: msg(
      "Register your battery's warranty, look it up with its serial number and mobile number, and raise a claim online.",
    ),
  });

/** The page's title, the header's name for it. */
const TITLE = msg("Warranty Registration");

type Tab = "register" | "view";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  const tab: Tab = new URL(request.url).searchParams.get("tab") === "view" ? "view" : "register";
  const models = tab === "register" ? await listWarrantyModels(context.db) : [];
  const { t } = serverTranslate(localeOf(request));
  return {
    i18n: pageMessages(request, ["warranty"]),
    tab,
    models: models.map((model) => ({
      value: String(model.id),
      label: `${model.model} (${model.brand}, ${warrantyLength(t, model.warrantyMonths)}${
        model.proRataMonths > 0
          ? t(" + {length} pro-rata", { length: warrantyLength(t, model.proRataMonths) })
          : ""
      })`,
    })),
    /** India's today: the latest purchase date. */
    today: indiaDayOf(new Date()),
    email: user?.email ?? null,
    signedIn: user !== null,
  };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

/** What a successful registration or look-up shows: the registration, and where to go next. */
export type WarrantyResult = {
  registration: OwnerRegistrationShown;
  /** The claim form's address (with a look-up's pass). */
  claimHref: string;
};

export const action = formAction({ guard: "public" }, (intent) => ({
  register: intent({
    schema: registrationFormSchema,
    reply: "data",
    async run({ data, actor, context, request }) {
      const view = await requestWarrantyRegistration(
        context.db,
        { ...data, locale: localeOf(request) },
        actor ? { id: actor.id, email: actor.email } : null,
        request,
        { publicUrl: context.publicUrl },
      );
      // The owner's account opens it; without one, a pass as a look-up gives (the serial and
      // mobile were just typed).
      const pass = actor ? null : claimPass(view, context.cookieSecret);
      const result: WarrantyResult = {
        registration: ownerView(view),
        claimHref: warrantyPath(view.id, pass, "/claim"),
      };
      return { message: warrantyMessages.registered(view.serial), result };
    },
  }),
  view: intent({
    schema: lookupFormSchema,
    reply: "data",
    async run({ data, request, context }) {
      const view = await lookupWarranty(context.db, data, request);
      const pass = claimPass(view, context.cookieSecret);
      const result: WarrantyResult = {
        registration: ownerView(view),
        claimHref: warrantyPath(view.id, pass, "/claim"),
      };
      return { result };
    },
  }),
}));

type ActionData = FormResult | undefined;

/** The answer to this tab's form, if the last post was it. */
function answerFor(intent: Tab, actionData: ActionData) {
  if (!actionData) return undefined;
  const posted = actionData.ok ? actionData.intent : actionData.values.intent;
  return posted === intent ? actionData : undefined;
}

function resultOf(actionData: ActionData): WarrantyResult | null {
  return actionData?.ok ? (actionData.result as WarrantyResult) : null;
}

const tabLinks: Record<Tab, { to: string; label: string }> = {
  register: { to: "/warranty", label: m.registerTab },
  view: { to: "/warranty?tab=view", label: m.viewTab },
};

/** The two tabs: links (the tab is in the address), so both work without JavaScript. */
function Tabs({ current }: { current: Tab }) {
  const t = useT("warranty");
  return (
    <nav aria-label={t("Warranty")} className="mt-6">
      <ul className="flex gap-1 border-b border-slate-200">
        {(["register", "view"] as const).map((tab) => (
          <li key={tab} className="flex flex-1 sm:flex-none">
            <Link
              to={tabLinks[tab].to}
              aria-current={tab === current ? "page" : undefined}
              className={`-mb-px flex min-h-12 w-full items-center justify-center rounded-t-lg border px-4 py-2 text-center font-semibold ${
                tab === current
                  ? "border-slate-200 border-b-white bg-white text-brand-800"
                  : "border-transparent text-slate-600 hover:bg-slate-100 hover:text-brand-800"
              }`}
            >
              {t(tabLinks[tab].label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A tab's form: posted to the tab's own address, checked by its schema first in the browser. */
function TabForm({
  tab,
  form,
  submit,
  children,
}: {
  tab: Tab;
  form: ReturnType<typeof useValidatedForm>;
  submit: { label: string; busyLabel: string };
  children: React.ReactNode;
}) {
  const t = useT("warranty");
  const { to, label } = tabLinks[tab];
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === tab;
  return (
    <Form
      method="post"
      action={to}
      noValidate
      onSubmit={form.onSubmit}
      className="space-y-4"
      aria-label={t(label)}
    >
      <input type="hidden" name="intent" value={tab} />
      <FormAlert message={form.formError} />
      {children}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? submit.busyLabel : submit.label}
      </button>
    </Form>
  );
}

/** The serial and the mobile number: asked alike by both tabs. */
function SerialField({ value, error, hint }: { value: string; error?: string; hint?: string }) {
  const t = useT("warranty");
  return (
    <Field
      label={t("Serial No.")}
      name="serial"
      required
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={40}
      hint={hint}
      defaultValue={value}
      error={error}
    />
  );
}

function MobileField({ value, error }: { value: string; error?: string }) {
  const t = useT("warranty");
  return (
    <Field
      label={t("Mobile Number")}
      name="mobile"
      type="tel"
      required
      autoComplete="tel"
      maxLength={16}
      defaultValue={value}
      error={error}
    />
  );
}

function RegisterForm({
  loaderData,
  answer,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  answer: ActionData;
}) {
  const t = useT("warranty");
  const { models, today, email } = loaderData;
  const form = useValidatedForm(registrationFormSchema, answer, {
    // The schema cannot know India's today; the server says the same.
    check: (values): FieldErrors =>
      values.purchaseDate && values.purchaseDate > today
        ? { purchaseDate: warrantyMessages.purchaseInFuture }
        : {},
  });
  const v = form.value;
  const e = form.errors;
  return (
    <TabForm
      tab="register"
      form={form}
      submit={{ label: t("Register"), busyLabel: t("Registering…") }}
    >
      <SerialField
        value={v("serial", undefined)}
        error={e.serial}
        hint={t("Printed on the battery's label")}
      />
      <SelectField
        label={t("Battery Model")}
        name="productId"
        required
        options={[{ value: "", label: t(warrantyMessages.product) }, ...models]}
        defaultValue={v("productId", "")}
        error={e.productId}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("First Name")}
          name="firstName"
          required
          autoComplete="given-name"
          maxLength={50}
          defaultValue={v("firstName", undefined)}
          error={e.firstName}
        />
        <Field
          label={t("Last Name")}
          name="lastName"
          required
          autoComplete="family-name"
          maxLength={50}
          defaultValue={v("lastName", undefined)}
          error={e.lastName}
        />
        <Field
          label={t("Pin Code")}
          name="pincode"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          defaultValue={v("pincode", undefined)}
          error={e.pincode}
        />
        <Field
          label={t("Purchase Date")}
          name="purchaseDate"
          type="date"
          required
          max={today}
          defaultValue={v("purchaseDate", undefined)}
          error={e.purchaseDate}
        />
        <MobileField value={v("mobile", undefined)} error={e.mobile} />
        <Field
          label={t("E-mail (optional)")}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          hint={t(m.emailHint)}
          defaultValue={v("email", email)}
          error={e.email}
        />
      </div>
      <label className="flex min-h-11 items-start gap-3 text-slate-800">
        <input
          type="checkbox"
          name="consent"
          value="on"
          defaultChecked={form.values.consent === "on"}
          className="mt-0.5 size-5 shrink-0"
        />
        {t(m.consent)}
      </label>
    </TabForm>
  );
}

function LookupForm({ answer }: { answer: ActionData }) {
  const t = useT("warranty");
  const form = useValidatedForm(lookupFormSchema, answer);
  const v = form.value;
  const e = form.errors;
  return (
    <>
      <p className="mb-4 text-slate-700">
        {t("Enter the battery's serial number and the mobile number it was registered with.")}
      </p>
      <TabForm
        tab="view"
        form={form}
        submit={{ label: t("View Details"), busyLabel: t("Looking up…") }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SerialField value={v("serial", undefined)} error={e.serial} />
          <MobileField value={v("mobile", undefined)} error={e.mobile} />
        </div>
      </TabForm>
    </>
  );
}

/** A registration just made, or found by a look-up, with where to go next. */
function Result({
  tab,
  result,
  message,
  signedIn,
}: {
  tab: Tab;
  result: WarrantyResult;
  message: string | undefined;
  signedIn: boolean;
}) {
  const t = useT("warranty");
  return (
    <section aria-labelledby="warranty-result-title" className="space-y-6">
      <div className="space-y-2">
        <h2
          id="warranty-result-title"
          className="flex items-center gap-2 text-2xl font-bold text-slate-900"
        >
          <SpriteIcon name="shield-check" className="size-7 text-success-700" />
          {t(tab === "register" ? m.registeredTitle : m.lookedUpTitle)}
        </h2>
        {message ? (
          <p role="status" className="text-slate-700">
            {t.text(message)}
          </p>
        ) : null}
      </div>
      <RegistrationDetails registration={result.registration} claimHref={result.claimHref} />
      <p className="flex flex-wrap gap-2">
        {signedIn ? (
          <Link to="/account#batteries" className="btn-outline">
            {t("My batteries")}
          </Link>
        ) : null}
        {tab === "register" ? (
          <>
            {signedIn ? null : (
              <Link to="/warranty?tab=view" className="btn-outline">
                {t(m.viewTab)}
              </Link>
            )}
            <Link to="/warranty" className="btn-outline">
              {t("Register another battery")}
            </Link>
          </>
        ) : (
          <Link to="/warranty?tab=view" className="btn-outline">
            {t("Look up another battery")}
          </Link>
        )}
      </p>
    </section>
  );
}

export default function Warranty({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT("warranty");
  const { tab, signedIn } = loaderData;
  const answer = answerFor(tab, actionData);
  const result = resultOf(answer);
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-bold text-slate-900">{t(TITLE)}</h1>
      <p className="mt-2 text-slate-600">{t(m.intro)}</p>
      <Tabs current={tab} />
      <div className="rounded-b-2xl border border-t-0 border-slate-200 bg-white p-4 sm:p-6">
        {result ? (
          <Result
            tab={tab}
            result={result}
            message={answer?.ok ? answer.message : undefined}
            signedIn={signedIn}
          />
        ) : tab === "register" ? (
          <RegisterForm key="register" loaderData={loaderData} answer={answer} />
        ) : (
          <LookupForm key="view" answer={answer} />
        )}
      </div>
    </div>
  );
}
