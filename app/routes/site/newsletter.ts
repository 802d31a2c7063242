import { data } from "react-router";
import { newsletterMessages as m } from "~/features/newsletter/newsletter.messages";
import { newsletterFormSchema } from "~/features/newsletter/newsletter.schema";
import { subscribe } from "~/features/newsletter/newsletter.server";
import { formAction } from "~/lib/form-action.server";
import { refererPath } from "~/lib/http.server";
import { localeOf } from "~/lib/i18n/catalogue.server";

/**
 * POST /newsletter: the footer's Subscribe. A fetcher gets the answer next to the box; a plain
 * form post (no JavaScript) goes back to the page it came from with the answer as a notice.
 */
export const action = formAction(
  {
    guard: "public",
    defaultIntent: "subscribe",
    resource: true,
    back: ({ request }) => refererPath(request, "/", { withQuery: true }),
  },
  (intent) => ({
    subscribe: intent({
      schema: newsletterFormSchema,
      reply: "data",
      async run({ data: form, request, context }) {
        await subscribe(context.db, form.email, request, {
          publicUrl: context.publicUrl,
          locale: localeOf(request),
        });
      },
      success: m.asked,
    }),
  }),
);

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
