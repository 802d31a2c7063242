import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, newsletterSubscribers } from "~/db/schema";
import { createUser, type TestUser } from "../../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as adminMessages from "../admin/messages";
import * as contact from "./contact";
import * as newsletter from "./newsletter";
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

  it("stores an address once whatever its case, says 'You are subscribed' each time, welcomes once", async () => {
    await t.deliverMail();
    const mailsBefore = t.sentMail.length;
    const first = answerOf(
      await post(newsletter, "/newsletter", { email: "Asha.Patel@Example.in" }),
    );
    const again = answerOf(
      await post(newsletter, "/newsletter", { email: " asha.patel@example.IN " }),
    );
    expect(first).toMatchObject({ ok: true, message: "You are subscribed" });
    expect(again).toMatchObject({ ok: true, message: "You are subscribed" });
    const rows = (await subscribers()).filter((s) => s.email === "asha.patel@example.in");
    expect(rows).toHaveLength(1);
    await t.deliverMail();
    const welcomes = t.sentMail.slice(mailsBefore);
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]).toMatchObject({
      to: "asha.patel@example.in",
      text: expect.stringContaining(`/newsletter/unsubscribe?token=${rows[0]?.token}`),
      headers: { "List-Unsubscribe": expect.stringContaining(rows[0]?.token ?? "?") },
    });
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

  it("unsubscribes with the mail's link only when the button is pressed, and takes a comeback", async () => {
    await post(newsletter, "/newsletter", { email: "leaving@example.in" });
    const [row] = (await subscribers()).filter((s) => s.email === "leaving@example.in");
    if (!row) throw new Error("not stored");
    const path = `/newsletter/unsubscribe?token=${row.token}`;
    // Opening the link (as a mail scanner would) changes nothing.
    const page = async (to: string) =>
      ((await load(unsubscribePage, to)) as { data: unknown }).data;
    expect(await page(path)).toMatchObject({
      subscription: { maskedEmail: "le***@example.in", unsubscribed: false },
    });
    expect(
      statusOf(await load(unsubscribePage, `/newsletter/unsubscribe?token=${"y".repeat(32)}`)),
    ).toBe(404);
    expect(statusOf(await post(unsubscribePage, path, { token: row.token }))).toBe(302);
    expect(await page(path)).toMatchObject({
      subscription: { unsubscribed: true },
    });
    expect(statusOf(await post(unsubscribePage, path, { token: "x".repeat(32) }))).toBe(404);
    // Subscribing again starts a new subscription, with a new welcome.
    await t.deliverMail();
    const mailsBefore = t.sentMail.length;
    await post(newsletter, "/newsletter", { email: "Leaving@example.in" });
    expect(await page(path)).toMatchObject({
      subscription: { unsubscribed: false },
    });
    await t.deliverMail();
    expect(t.sentMail.length).toBe(mailsBefore + 1);
  });
});
