import { data, Form, Link } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/ui/form-alert";
import { newsletterMessages as m } from "~/features/newsletter/newsletter.messages";
import { unsubscribeTokenSchema } from "~/features/newsletter/newsletter.schema";
import { findSubscription, unsubscribe } from "~/features/newsletter/newsletter.server";
import { NotFound } from "~/lib/errors";
import { formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Unsubscribe"),
    description: msg("Stop the newsletter's e-mails to your address."),
    noindex: true,
  });

/** The link's page shows whose subscription it is and asks: mail scanners open links, so
 * opening it never unsubscribes anyone; the button does. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = unsubscribeTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  const subscription = token.success ? await findSubscription(context.db, token.data) : null;
  // An unknown link is a 404 (its page still says what happened).
  return data(
    {
      token: token.success ? token.data : null,
      subscription,
      i18n: pageMessages(request, ["newsletter", "unsubscribe"]),
    },
    { status: subscription ? 200 : 404 },
  );
}

/** Keeps the action's own headers. */
export const headers = passHeaders;

export const action = formAction({ guard: "public", defaultIntent: "unsubscribe" }, (intent) => ({
  unsubscribe: intent({
    schema: z.object({ token: unsubscribeTokenSchema }),
    invalid: notFoundIfInvalid(m.unknownLink),
    async run({ data, context }) {
      if (!(await unsubscribe(context.db, data.token))) throw new NotFound(m.unknownLink);
      const back = `/newsletter/unsubscribe?token=${data.token}`;
      return { redirectTo: back };
    },
    success: m.unsubscribed,
  }),
}));

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { token, subscription } = loaderData;
  const t = useT("unsubscribe");
  return (
    <div className="container-page max-w-xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t("Unsubscribe")}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
        {!token || !subscription ? (
          <p role="alert">{t.text(m.unknownLink)}</p>
        ) : subscription.unsubscribed ? (
          <p role="status" data-testid="unsubscribed">
            {`${subscription.maskedEmail}: ${t.text(m.unsubscribed)}`}
          </p>
        ) : (
          <Form method="post" className="space-y-4">
            <FormAlert message={actionData && !actionData.ok ? actionData.formError : undefined} />
            <p>{t("Stop the newsletter for {email}?", { email: subscription.maskedEmail })}</p>
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn-primary">
              {t("Unsubscribe")}
            </button>
          </Form>
        )}
        <p className="mt-6">
          <Link to="/" className="font-medium text-brand-700 underline">
            {t("Back to the store")}
          </Link>
        </p>
      </div>
    </div>
  );
}
