import { data } from "react-router";
import { z } from "zod";
import { SubscriptionLinkPage } from "~/components/subscription-link-page";
import { newsletterMessages as m } from "~/features/newsletter/newsletter.messages";
import { subscriptionTokenSchema } from "~/features/newsletter/newsletter.schema";
import { subscriptionOfLink, unsubscribe } from "~/features/newsletter/newsletter.server";
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
  const { token, subscription } = await subscriptionOfLink(context.db, "unsubscribe", request);
  // An unknown link is a 404 (its page still says what happened).
  return data(
    {
      token,
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
    schema: z.object({ token: subscriptionTokenSchema }),
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
    <SubscriptionLinkPage
      title={t("Unsubscribe")}
      answer={
        !token || !subscription
          ? { text: t.text(m.unknownLink), done: false }
          : subscription.unsubscribed
            ? {
                text: `${subscription.maskedEmail}: ${t.text(m.unsubscribed)}`,
                done: true,
                testId: "unsubscribed",
              }
            : null
      }
      question={t("Stop the newsletter for {email}?", { email: subscription?.maskedEmail ?? "" })}
      token={token}
      button={t("Unsubscribe")}
      formError={actionData && !actionData.ok ? actionData.formError : undefined}
      back={t("Back to the store")}
    />
  );
}
