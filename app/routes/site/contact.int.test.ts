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

  const signUp = async (email: string) =>
    answerOf(await post(newsletter, "/newsletter", { email }));
  const confirmPath = (confirmToken: string | null) => `/newsletter/confirm?token=${confirmToken}`;
  const press = (confirmToken: string | null) =>
    post(confirmPage, confirmPath(confirmToken), { token: confirmToken ?? "" });

  it("asks the address's owner to confirm: one row whatever its case, one mail, the same answer each time", async () => {
    const before = await counts();
    const mails = await mailsOf(async () => {
      const first = await signUp("Asha.Patel@Example.in");
      const again = await signUp(" asha.patel@example.IN ");
      expect(first).toMatchObject({ ok: true, message: newsletterMessages.asked });
      expect(again).toEqual(first);
    });
    const row = await rowOf("asha.patel@example.in");
    expect(row.confirmedAt).toBeNull();
    // The confirmation's secret is its own: never the one every newsletter's unsubscribe link has.
    expect(row.confirmToken).toMatch(/^[\w-]{32}$/);
    expect(row.confirmToken).not.toBe(row.token);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "asha.patel@example.in",
      subject: "Confirm your subscription to UrjaCell news",
      text: expect.stringContaining(confirmPath(row.confirmToken)),
    });
    // Nothing is sent to it but this question, so there is nothing to unsubscribe from yet.
    expect(mails[0]?.headers?.["List-Unsubscribe"]).toBeUndefined();
    expect(await counts()).toEqual({ subscribed: before.subscribed, waiting: before.waiting + 1 });
  });

  it("asks an address waiting for its confirmation again an hour after it was asked, three times at most", async () => {
    const email = "slow.reader@example.in";
    await signUp(email);
    const { confirmToken } = await rowOf(email);
    await signedUpAgo(email, 59);
    const early = await mailsOf(async () => {
      expect(await signUp(email)).toMatchObject({ ok: true, message: newsletterMessages.asked });
    });
    expect(early).toEqual([]);
    // The same link each time: any of the mails confirms.
    const asked = expect.objectContaining({
      text: expect.stringContaining(confirmPath(confirmToken)),
    });
    for (const _ of [2, 3]) {
      await signedUpAgo(email, 61);
      expect(await mailsOf(() => signUp(email))).toEqual([asked]);
    }
    await signedUpAgo(email, 24 * 60);
    const fourth = await mailsOf(async () => {
      expect(await signUp(email)).toMatchObject({ ok: true, message: newsletterMessages.asked });
    });
    expect(fourth).toEqual([]);
    expect(await rowOf(email)).toMatchObject({ asks: 3, confirmToken, confirmedAt: null });
  });

  it("confirms only when the button is pressed, then welcomes with the unsubscribe link", async () => {
    await signUp("joining@example.in");
    const { token, confirmToken } = await rowOf("joining@example.in");
    const path = confirmPath(confirmToken);
    // Opening the link (as a mail scanner would) confirms nothing.
    expect(await page(confirmPage, path)).toMatchObject({
      subscription: { maskedEmail: "jo***@example.in", waiting: true, subscribed: false },
    });
    expect((await rowOf("joining@example.in")).confirmedAt).toBeNull();
    const before = await counts();
    const welcome = await mailsOf(async () => {
      const pressed = await press(confirmToken);
      expect(statusOf(pressed)).toBe(302);
      expect((pressed as Response).headers.get("Location")).toBe(path);
    });
    expect((await rowOf("joining@example.in")).confirmedAt).toBeInstanceOf(Date);
    expect(await page(confirmPage, path)).toMatchObject({
      subscription: { waiting: false, subscribed: true },
    });
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
    expect(welcome[0]?.text).not.toContain(confirmToken);
    // Pressed twice (a second tab): still subscribed, welcomed once.
    expect(await mailsOf(() => press(confirmToken))).toEqual([]);
  });

  it("leaves an address subscribed now alone, whoever signs it up again", async () => {
    await signUp("loyal@example.in");
    await press((await rowOf("loyal@example.in")).confirmToken);
    await signedUpAgo("loyal@example.in", 24 * 60);
    const mails = await mailsOf(async () => {
      expect(await signUp("loyal@example.in")).toMatchObject({
        ok: true,
        message: newsletterMessages.asked,
      });
    });
    expect(mails).toEqual([]);
    expect((await rowOf("loyal@example.in")).confirmedAt).toBeInstanceOf(Date);
  });

  it("answers an unknown or malformed confirmation link with 404, changing nothing", async () => {
    await signUp("guarded@example.in");
    // The unsubscribe link's secret, which every newsletter carries, confirms nothing.
    const { token } = await rowOf("guarded@example.in");
    for (const unknown of ["y".repeat(32), token]) {
      expect(statusOf(await load(confirmPage, confirmPath(unknown)))).toBe(404);
    }
    expect(statusOf(await load(confirmPage, "/newsletter/confirm?token=short"))).toBe(404);
    expect(statusOf(await load(confirmPage, "/newsletter/confirm"))).toBe(404);
    const before = await subscribers();
    expect(statusOf(await press("y".repeat(32)))).toBe(404);
    expect(statusOf(await press(token))).toBe(404);
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

  it("unsubscribes with the mail's link only when the button is pressed; an old confirmation link cannot undo it", async () => {
    const email = "leaving@example.in";
    await signUp(email);
    const { token, confirmToken } = await rowOf(email);
    await press(confirmToken);
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

    // The old confirmation mail's link says so, and pressing it subscribes no one.
    expect(await page(confirmPage, confirmPath(confirmToken))).toMatchObject({
      subscription: { waiting: false, subscribed: false, unsubscribed: true },
    });
    const pressed = await mailsOf(async () => {
      expect(statusOf(await press(confirmToken))).toBe(302);
    });
    expect(pressed).toEqual([]);
    expect((await rowOf(email)).unsubscribedAt).toBeInstanceOf(Date);

    // Signed up again: asked with a new link, at most once an hour, and unsubscribed until the
    // owner confirms with it.
    expect(await mailsOf(() => signUp("Leaving@example.in"))).toEqual([]);
    await signedUpAgo(email, 61);
    const asked = await mailsOf(() => signUp("Leaving@example.in"));
    const again = await rowOf(email);
    expect(again.confirmToken).not.toBe(confirmToken);
    expect(asked).toEqual([
      expect.objectContaining({ text: expect.stringContaining(confirmPath(again.confirmToken)) }),
    ]);
    expect(again).toMatchObject({ confirmedAt: null, unsubscribedAt: expect.any(Date), asks: 1 });
    expect(statusOf(await load(confirmPage, confirmPath(confirmToken)))).toBe(404);
    await press(again.confirmToken);
    expect(await page(unsubscribePage, path)).toMatchObject({
      subscription: { subscribed: true, unsubscribed: false },
    });
  });
});
