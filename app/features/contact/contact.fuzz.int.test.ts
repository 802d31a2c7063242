import { contactMessages, newsletterSubscribers } from "~/db/schema";
import * as messages from "~/routes/admin/messages";
import * as contact from "~/routes/site/contact";
import * as newsletter from "~/routes/site/newsletter";
import * as confirm from "~/routes/site/newsletter-confirm";
import * as unsubscribe from "~/routes/site/unsubscribe";
import { fuzzForms } from "../../../tests/helpers/fuzz";

const token = "fuzzTOKEN_fuzzTOKEN_fuzzTOKEN_12";

fuzzForms(
  "contact and newsletter forms",
  async ({ t }) => {
    const [message] = await t.db
      .insert(contactMessages)
      .values({ name: "Ravi", email: "ravi@example.in", message: "Do you fit batteries at home?" })
      .returning();
    // Waiting for its confirmation, so that both links have something to do.
    await t.db
      .insert(newsletterSubscribers)
      .values({ email: "reader@example.in", token, confirmToken: token });
    return { messageId: String(message?.id) };
  },
  [
    {
      name: "admin: the messages' search (GET)",
      loader: messages.loader,
      as: "admin",
      path: "/admin/messages",
      fields: () => ({ q: "Ravi", status: "open", page: "1" }),
    },
    {
      name: "contact us",
      action: contact.action,
      as: "visitor",
      path: "/contactus",
      fields: () => ({
        name: "Ravi Shah",
        email: "ravi.shah@example.in",
        phone: "98250 12345",
        message: "Which battery fits a 2019 Honda City?",
        website: "",
      }),
    },
    {
      name: "newsletter sign-up",
      action: newsletter.action,
      as: "visitor",
      path: "/newsletter",
      fields: () => ({ email: "new.reader@example.in" }),
    },
    {
      name: "confirm a subscription",
      action: confirm.action,
      as: "visitor",
      path: "/newsletter/confirm",
      fields: () => ({ token }),
    },
    {
      name: "unsubscribe",
      action: unsubscribe.action,
      as: "visitor",
      path: "/newsletter/unsubscribe",
      fields: () => ({ token }),
    },
    ...(["handle", "reopen"] as const).map((intent) => ({
      name: `admin: ${intent} a message`,
      action: messages.action,
      as: "admin" as const,
      path: "/admin/messages",
      intent,
      fields: ({ messageId }: { messageId: string }) => ({ messageId }),
    })),
  ],
);
