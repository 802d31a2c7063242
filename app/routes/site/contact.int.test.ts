import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, newsletterSubscribers } from "~/db/schema";
import { newsletterMessages } from "~/features/newsletter/newsletter.messages";
import { createUser, type TestUser } from "../../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as adminMessages from "../admin/messages";
import * as contact from "./contact";
import * as newsletter from "./newsletter";
import * as confirmPage from "./newsletter-confirm";
import * as unsubscribePage from "./unsubscribe";

let t: TestDatabase;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t, { role: "admin" });
  customer = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

type Module = { action: (args: never) => unknown; loader?: (args: never) => unknown };
let address = 0;
/** Each call comes from its own address unless told (rate limits count per address). */
async function post(
  mod: Module,
  path: string,
  values: Record<string, string>,
  { cookie = "", ip = `203.0.113.${++address % 250}`, accept = "" } = {},
) {
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(values),
    headers: {
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
      "x-forwarded-for": ip,
      ...(accept ? { Accept: accept, Referer: "http://localhost:3000/allproduct?page=2" } : {}),
    },
  });
  return outcome(async () => mod.action((await routeArgs(t, request)) as never));
}
async function load(mod: Module, path: string, cookie = "") {
  const request = new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie } });
  return outcome(async () => mod.loader?.((await routeArgs(t, request)) as never));
}
type Answer = {
  ok: boolean;
  message?: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  formError?: string;
};
const answerOf = (r: unknown) => (r as { data: Answer }).data;

const messages = () => t.db.select().from(contactMessages).orderBy(contactMessages.id);
const form = {
  name: "Ravi Kumar",
  email: "Ravi@Example.in",
  phone: "",
  message: "Do you fit batteries at home?",
  website: "",
};

describe("the contact form", () => {
  it("stores the message and thanks the visitor", async () => {
    const before = (await messages()).length;
    const answer = answerOf(await post(contact, "/contactus", form));
    expect(answer).toMatchObject({ ok: true, message: expect.stringContaining("Thank you") });
    const stored = (await messages()).slice(before);
    expect(stored).toEqual([
      expect.objectContaining({
        name: "Ravi Kumar",
        email: "ravi@example.in",
        phone: null,
        handledAt: null,
      }),
    ]);
  });

  it("refuses a missing name or e-mail with 400 next to the fields, storing nothing", async () => {
    const before = (await messages()).length;
    const result = await post(contact, "/contactus", {
      ...form,
      name: " ",
      email: "ravi@",
      phone: "12",
    });
    expect(statusOf(result)).toBe(400);
    expect(Object.keys(answerOf(result).fieldErrors).sort()).toEqual(["email", "name", "phone"]);
    expect(answerOf(result).values.message).toBe(form.message);
    expect(await messages()).toHaveLength(before);
  });

  it("answers a filled-in honeypot like a person, and stores nothing", async () => {
    const before = (await messages()).length;
    const answer = answerOf(
      await post(contact, "/contactus", { ...form, website: "http://spam.example" }),
    );
    expect(answer.ok).toBe(true);
    expect(answer.message).toContain("Thank you");
    expect(await messages()).toHaveLength(before);
  });

  it("stops a sixth message from one address within the hour with 429", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 5; i += 1) {
      expect(answerOf(await post(contact, "/contactus", form, { ip })).ok).toBe(true);
    }
    const refused = await post(contact, "/contactus", form, { ip });
    expect(statusOf(refused)).toBe(429);
    expect(answerOf(refused).formError).toContain("Too many messages");
  });

  it("lets staff, and only staff, mark a message handled and open again", async () => {
    await post(contact, "/contactus", { ...form, name: "Meera Shah" });
    const [row] = (await messages()).filter((m) => m.name === "Meera Shah");
    if (!row) throw new Error("no message");
    const values = { intent: "handle", messageId: String(row.id) };
    expect(
      statusOf(await post(adminMessages, "/admin/messages", values, { cookie: customer.cookie })),
    ).toBe(403);
    expect(
      statusOf(await post(adminMessages, "/admin/messages", values, { cookie: admin.cookie })),
    ).toBe(302);
    const handled = (await messages()).find((m) => m.id === row.id);
    expect(handled).toMatchObject({ handledBy: admin.id, handledAt: expect.any(Date) });
    const open = (await load(adminMessages, "/admin/messages", admin.cookie)) as {
      list: { rows: Array<{ id: number }> };
    };
    expect(open.list.rows.map((r) => r.id)).not.toContain(row.id);
    const done = (await load(
      adminMessages,
      "/admin/messages?status=handled&q=meera",
      admin.cookie,
    )) as {
      list: { rows: Array<{ id: number }> };
    };
    expect(done.list.rows.map((r) => r.id)).toEqual([row.id]);
    await post(
      adminMessages,
      "/admin/messages",
      { intent: "reopen", messageId: String(row.id) },
      { cookie: admin.cookie },
    );
    expect((await messages()).find((m) => m.id === row.id)?.handledAt).toBeNull();
  });
});

describe("the newsletter", () => {
  const subscribers = () => t.db.select().from(newsletterSubscribers);
  const rowOf = async (email: string) => {
    const row = (await subscribers()).find((s) => s.email === email);
    if (!row) throw new Error(`${email} not stored`);
    return row;
  };
  /** The mails sent while `act` ran. */
  async function mailsOf(act: () => Promise<unknown>) {
    await t.deliverMail();
    const before = t.sentMail.length;
    await act();
    await t.deliverMail();
    return t.sentMail.slice(before);
  }
  /** Moves the address's last sign-up back in time, as if that many minutes had passed. */
  const signedUpAgo = (email: string, minutes: number) =>
    t.db
      .update(newsletterSubscribers)
      .set({ subscribedAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(newsletterSubscribers.email, email));
  const page = async (mod: Module, to: string) =>
    ((await load(mod, to)) as { data: { subscription: unknown } }).data;
  const counts = async () =>
    (
      (await load(adminMessages, "/admin/messages", admin.cookie)) as {
        subscribers: { subscribed: number; waiting: number };
      }
    ).subscribers;

  it("asks the address's owner to confirm: one row whatever its case, one mail, the same answer each time", async () => {
    const before = await counts();
    const mails = await mailsOf(async () => {
      const first = answerOf(
        await post(newsletter, "/newsletter", { email: "Asha.Patel@Example.in" }),
      );
      const again = answerOf(
        await post(newsletter, "/newsletter", { email: " asha.patel@example.IN " }),
      );
      expect(first).toMatchObject({ ok: true, message: newsletterMessages.asked });
      expect(again).toEqual(first);
    });
    const row = await rowOf("asha.patel@example.in");
    expect(row.confirmedAt).toBeNull();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "asha.patel@example.in",
      subject: "Confirm your subscription to UrjaCell news",
      text: expect.stringContaining(`/newsletter/confirm?token=${row.token}`),
    });
    // Nothing is sent to it but this question, so there is nothing to unsubscribe from yet.
    expect(mails[0]?.headers?.["List-Unsubscribe"]).toBeUndefined();
    expect(await counts()).toEqual({ subscribed: before.subscribed, waiting: before.waiting + 1 });
  });

  it("asks an address waiting for its confirmation again only an hour after it was asked", async () => {
    await post(newsletter, "/newsletter", { email: "slow.reader@example.in" });
    await signedUpAgo("slow.reader@example.in", 59);
    const early = await mailsOf(() =>
      post(newsletter, "/newsletter", { email: "slow.reader@example.in" }),
    );
    expect(early).toEqual([]);
    await signedUpAgo("slow.reader@example.in", 61);
    const { token } = await rowOf("slow.reader@example.in");
    const later = await mailsOf(() =>
      post(newsletter, "/newsletter", { email: "slow.reader@example.in" }),
    );
    expect(later).toEqual([
      expect.objectContaining({
        text: expect.stringContaining(`/newsletter/confirm?token=${token}`),
      }),
    ]);
  });

  it("confirms only when the button is pressed, then welcomes with the unsubscribe link", async () => {
    await post(newsletter, "/newsletter", { email: "joining@example.in" });
    const { token } = await rowOf("joining@example.in");
    const path = `/newsletter/confirm?token=${token}`;
    // Opening the link (as a mail scanner would) confirms nothing.
    expect(await page(confirmPage, path)).toMatchObject({
      subscription: { maskedEmail: "jo***@example.in", subscribed: false },
    });
    expect((await rowOf("joining@example.in")).confirmedAt).toBeNull();
    const before = await counts();
    const welcome = await mailsOf(async () => {
      const pressed = await post(confirmPage, path, { token });
      expect(statusOf(pressed)).toBe(302);
      expect((pressed as Response).headers.get("Location")).toBe(path);
    });
    expect((await rowOf("joining@example.in")).confirmedAt).toBeInstanceOf(Date);
    expect(await page(confirmPage, path)).toMatchObject({ subscription: { subscribed: true } });
    expect(await counts()).toEqual({
      subscribed: before.subscribed + 1,
      waiting: before.waiting - 1,
    });
    expect(welcome).toEqual([
      expect.objectContaining({
        to: "joining@example.in",
        subject: "You are subscribed to UrjaCell news",
        text: expect.stringContaining(`/newsletter/unsubscribe?token=${token}`),
        headers: { "List-Unsubscribe": expect.stringContaining(token) },
      }),
    ]);
    // Pressed twice (a second tab): still subscribed, welcomed once.
    expect(await mailsOf(() => post(confirmPage, path, { token }))).toEqual([]);
  });

  it("leaves an address subscribed now alone, whoever signs it up again", async () => {
    await post(newsletter, "/newsletter", { email: "loyal@example.in" });
    const { token } = await rowOf("loyal@example.in");
    await post(confirmPage, `/newsletter/confirm?token=${token}`, { token });
    await signedUpAgo("loyal@example.in", 24 * 60);
    const mails = await mailsOf(async () => {
      const answer = answerOf(await post(newsletter, "/newsletter", { email: "loyal@example.in" }));
      expect(answer).toMatchObject({ ok: true, message: newsletterMessages.asked });
    });
    expect(mails).toEqual([]);
    expect((await rowOf("loyal@example.in")).confirmedAt).toBeInstanceOf(Date);
  });

  it("answers an unknown or malformed confirmation link with 404, changing nothing", async () => {
    const unknown = "y".repeat(32);
    expect(statusOf(await load(confirmPage, `/newsletter/confirm?token=${unknown}`))).toBe(404);
    expect(statusOf(await load(confirmPage, "/newsletter/confirm?token=short"))).toBe(404);
    expect(statusOf(await load(confirmPage, "/newsletter/confirm"))).toBe(404);
    const before = await subscribers();
    const pressed = await post(confirmPage, "/newsletter/confirm", { token: unknown });
    expect(statusOf(pressed)).toBe(404);
    expect(statusOf(await post(confirmPage, "/newsletter/confirm", { token: "<b>" }))).toBe(404);
    expect(await subscribers()).toEqual(before);
  });

  it("refuses an invalid address with a message, storing nothing", async () => {
    const before = (await subscribers()).length;
    const result = await post(newsletter, "/newsletter", { email: "not-an-address" });
    expect(statusOf(result)).toBe(400);
    expect(answerOf(result).fieldErrors.email).toContain("valid e-mail");
    expect(await subscribers()).toHaveLength(before);
  });

  it("without JavaScript goes back to the page it came from with the answer", async () => {
    const result = await post(
      newsletter,
      "/newsletter",
      { email: "plain@example.in" },
      { accept: "text/html" },
    );
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/allproduct?page=2");
  });

  it("unsubscribes with the mail's link only when the button is pressed, and asks a comeback at once", async () => {
    await post(newsletter, "/newsletter", { email: "leaving@example.in" });
    const { token } = await rowOf("leaving@example.in");
    await post(confirmPage, `/newsletter/confirm?token=${token}`, { token });
    const path = `/newsletter/unsubscribe?token=${token}`;
    // Opening the link (as a mail scanner would) changes nothing.
    expect(await page(unsubscribePage, path)).toMatchObject({
      subscription: { maskedEmail: "le***@example.in", subscribed: true, unsubscribed: false },
    });
    expect(
      statusOf(await load(unsubscribePage, `/newsletter/unsubscribe?token=${"y".repeat(32)}`)),
    ).toBe(404);
    expect(statusOf(await post(unsubscribePage, path, { token }))).toBe(302);
    expect(await page(unsubscribePage, path)).toMatchObject({
      subscription: { subscribed: false, unsubscribed: true },
    });
    expect(statusOf(await post(unsubscribePage, path, { token: "x".repeat(32) }))).toBe(404);
    // Signing up again, even within the hour, asks for a confirmation again: nothing is sent
    // to the address before its owner says yes once more.
    const mails = await mailsOf(() =>
      post(newsletter, "/newsletter", { email: "Leaving@example.in" }),
    );
    expect(mails).toEqual([
      expect.objectContaining({
        text: expect.stringContaining(`/newsletter/confirm?token=${token}`),
      }),
    ]);
    expect(await page(unsubscribePage, path)).toMatchObject({
      subscription: { subscribed: false, unsubscribed: false },
    });
  });
});
