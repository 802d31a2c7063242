import { Form, Link, useNavigation } from "react-router";
import { PlacesMap } from "~/components/map/places-map";
import { SocialIcons } from "~/components/social-icons";
import { SpriteIcon } from "~/components/sprite-icon";
import { hasContactDetails, StoreContactLines } from "~/components/store-contact";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { contactMessages as m } from "~/features/contact/contact.messages";
import { contactFormSchema, HONEYPOT_FIELD } from "~/features/contact/contact.schema";
import { sendContactMessage } from "~/features/contact/contact.server";
import { getSettings } from "~/features/settings/settings.server";
import { formAction } from "~/lib/form-action.server";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { sessionUser } from "~/lib/request-state.server";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta, useRootData } from "~/root";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Contact Us"),
    description: msg(
      "Write to us, call us or visit us: our phone, e-mail and address, and a form for questions about batteries, orders and warranties.",
    ),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  const settings = await getSettings(context.db);
  return {
    location: settings.storeLocation,
    prefill: user ? { name: user.name, email: user.email } : null,
    // The page's own namespace last: its messages win over another's of the same sentence.
    i18n: pageMessages(request, ["accounts", "outlets", "contact"]),
  };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction({ guard: "public", defaultIntent: "send" }, (intent) => ({
  send: intent({
    schema: contactFormSchema,
    reply: "data",
    async run({ data, actor, request, context }) {
      await sendContactMessage(context.db, data, actor, request);
    },
    success: m.thanks,
  }),
}));

function ContactDetails({ location }: { location: { lat: number; lng: number } | null }) {
  const store = useRootData()?.store;
  const t = useT("contact");
  if (!store) return null;
  return (
    <div className="space-y-6">
      {hasContactDetails(store) ? (
        <address className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 not-italic text-slate-700">
          <h2 className="text-xl font-semibold text-slate-900">{store.brandName}</h2>
          <StoreContactLines
            store={store}
            iconClassName="mt-1 size-4 shrink-0 text-slate-500"
            linkClassName="underline"
          />
          <SocialIcons social={store.social} tone="light" />
        </address>
      ) : null}
      {location ? (
        <PlacesMap
          label={t("Map of {brand}'s office", { brand: store.brandName })}
          points={[{ id: 1, name: store.brandName, ...location }]}
          selectedId={1}
          tiles={store.map}
          whereListed={
            hasContactDetails(store)
              ? t("Our address, phone and e-mail are above the map.")
              : t("The map marks our office.")
          }
        />
      ) : null}
    </div>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const form = useValidatedForm(contactFormSchema, actionData);
  const t = useT("contact");
  const busy = useNavigation().state === "submitting";
  const v = form.value;
  const e = form.errors;
  const sent = actionData?.ok === true;
  const { prefill } = loaderData;
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-slate-900">{t("Contact Us")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        {t(
          "A question about a battery, an order or a service? Write to us and we will reply by e-mail.",
        )}
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:items-start">
        <div className="rounded-2xl border border-slate-200 bg-white p-6">
          {sent ? (
            <div role="status" className="space-y-4" data-testid="contact-thanks">
              <p className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
                <SpriteIcon name="circle-check" className="size-6" />
                {t(m.thanks)}
              </p>
              <Link to="/contactus" className="btn-outline">
                {t("Write another message")}
              </Link>
            </div>
          ) : (
            <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
              <FormAlert message={form.formError} />
              <Field
                label={t("Full Name")}
                name="name"
                required
                autoComplete="name"
                maxLength={100}
                defaultValue={v("name", prefill?.name)}
                error={e.name}
              />
              <Field
                label={t("Email")}
                name="email"
                type="email"
                required
                autoComplete="email"
                defaultValue={v("email", prefill?.email)}
                error={e.email}
              />
              <Field
                label={t("Phone Number (optional)")}
                name="phone"
                type="tel"
                autoComplete="tel"
                defaultValue={v("phone", undefined)}
                error={e.phone}
              />
              <div>
                <label htmlFor="contact-message" className="field-label">
                  {t("Message")}
                </label>
                <textarea
                  id="contact-message"
                  name="message"
                  rows={5}
                  maxLength={2000}
                  defaultValue={v("message", undefined)}
                  aria-invalid={e.message ? true : undefined}
                  aria-describedby={e.message ? "contact-message-error" : undefined}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
                />
                {e.message ? (
                  <p id="contact-message-error" className="mt-1 text-sm text-danger-700">
                    {e.message}
                  </p>
                ) : null}
              </div>
              {/* A trap for robots that fill in every field: hidden from people and screen
                  readers, never focused by the keyboard (ADR 023). */}
              <div aria-hidden="true" className="honeypot">
                <label htmlFor="contact-website">{t("Website")}</label>
                <input
                  id="contact-website"
                  name={HONEYPOT_FIELD}
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  defaultValue=""
                />
              </div>
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
                <SpriteIcon name="mail" className="size-4" />
                {busy ? t("Sending…") : t("Send Message")}
              </button>
            </Form>
          )}
        </div>
        <ContactDetails location={loaderData.location} />
      </div>
    </div>
  );
}
