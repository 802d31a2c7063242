import { data } from "react-router";
import { z } from "zod";
import { SubscriptionLinkPage } from "~/components/subscription-link-page";
import { newsletterMessages as m } from "~/features/newsletter/newsletter.messages";
import { subscriptionTokenSchema } from "~/features/newsletter/newsletter.schema";
import { confirmSubscription, subscriptionOfLink } from "~/features/newsletter/newsletter.server";
import { NotFound } from "~/lib/errors";
import { formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta } from "~/root";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Confirm your subscription"),
    description: msg("Confirm that you want the newsletter's e-mails at your address."),
    noindex: true,
  });

/** The confirmation mail's link (ADR 048). Opening it confirms nothing, since mail scanners open
 * links: the page shows whose address it is and asks, and the button confirms. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token, subscription } = await subscriptionOfLink(context.db, "confirm", request);
  // An unknown link is a 404 (its page still says what happened).
  return data(
    { token, subscription, i18n: pageMessages(request, ["newsletter", "subscription"]) },
    { status: subscription ? 200 : 404 },
  );
}

/** Keeps the action's own headers. */
export const headers = passHeaders;

export const action = formAction({ guard: "public", defaultIntent: "confirm" }, (intent) => ({
  confirm: intent({
    schema: z.object({ token: subscriptionTokenSchema }),
    invalid: notFoundIfInvalid(m.unknownConfirmLink),
    async run({ data, context }) {
      const outcome = await confirmSubscription(context.db, data.token, {
        publicUrl: context.publicUrl,
      });
      if (!outcome) throw new NotFound(m.unknownConfirmLink);
      // Confirmed before (a second press, or an old link): the page says how things stand.
      const redirectTo = `/newsletter/confirm?token=${data.token}`;
      return outcome === "subscribed" ? { redirectTo, message: m.subscribed } : { redirectTo };
    },
  }),
}));

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { token, subscription } = loaderData;
  const t = useT("subscription");
  return (
    <SubscriptionLinkPage
      title={t("Confirm your subscription")}
      answer={
        !token || !subscription
          ? { text: t.text(m.unknownConfirmLink), done: false }
          : subscription.waiting
            ? null
            : {
                // Confirmed before: subscribed, or unsubscribed since (an old link confirms
                // nothing then: a new sign-up asks again).
                text: `${subscription.maskedEmail}: ${t.text(subscription.subscribed ? m.subscribed : m.unsubscribed)}`,
                done: true,
                testId: subscription.subscribed ? "subscribed" : "unsubscribed",
              }
      }
      question={t(
        "Send battery-care tips, new batteries and offers to {email}, a few times a month at most?",
        { email: subscription?.maskedEmail ?? "" },
      )}
      token={token}
      button={t("Confirm subscription")}
      formError={actionData && !actionData.ok ? actionData.formError : undefined}
      back={t("Back to the store")}
    />
  );
}
