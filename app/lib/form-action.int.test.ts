import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createUser } from "../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";
import { Conflict, NotFound, ValidationError } from "./errors";
import { formAction } from "./form-action.server";
import { changedPublicPages } from "./public-change.server";

let t: TestDatabase;
let userCookie: string;
let adminCookie: string;
/** What the intents ran, in order: nothing may run for a refused request. */
let ran: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  userCookie = (await createUser(t, { email: "form-user@example.in" })).cookie;
  adminCookie = (await createUser(t, { role: "admin" })).cookie;
});
afterAll(async () => {
  await t?.close();
});

const named = z.object({ name: z.string().trim().min(1, "Enter a name") });

const pageAction = formAction(
  {
    guard: "public",
    async target({ params }) {
      if (params.id !== "1") throw new NotFound();
      return { id: 1 };
    },
  },
  (intent) => ({
    save: intent({
      schema: named,
      run({ data }) {
        ran.push(`save ${data.name}`);
        if (data.name === "taken") throw new Conflict("Taken", { name: "That name is taken" });
        if (data.name === "odd") throw new ValidationError("Something is odd");
      },
      success: "Saved",
    }),
    note: intent({
      guard: "user",
      schema: named,
      run({ actor, data }) {
        ran.push(`note by ${actor.email}`);
        // What a data reply found travels with it (a preview, for example).
        return data.name === "echo" ? { result: { echoed: data.name } } : undefined;
      },
      success: "Noted",
      reply: "data",
    }),
  }),
);

const adminAction = formAction(
  { guard: "admin", resource: true, back: () => "/admin" },
  (intent) => ({
    touch: intent({
      schema: z.object({}),
      run() {
        ran.push("touch");
        return { message: "Touched" };
      },
      reply: "data",
    }),
  }),
);

async function post(
  action: typeof pageAction,
  body: Record<string, string> | string,
  options: { cookie?: string; id?: string; accept?: string } = {},
) {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.accept) headers.set("Accept", options.accept);
  if (typeof body === "string") headers.set("Content-Type", "application/json");
  const request = new Request("http://localhost:3000/thing/1?edit=3&q=x", {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : new URLSearchParams(body),
  });
  const args = await routeArgs(t, request, { id: options.id ?? "1" });
  return outcome(() => action(args));
}

const bodyOf = (result: unknown) => (result as { data: Record<string, unknown> }).data;

describe("formAction", () => {
  it("declares its intents and their guards for the access walk", () => {
    expect(pageAction.guard).toBe("public");
    expect(pageAction.intents).toEqual({ save: { guard: "public" }, note: { guard: "user" } });
    expect(adminAction.intents).toEqual({ touch: { guard: "admin" } });
  });

  it("refuses a missing or unknown intent with 400 and runs nothing", async () => {
    ran = [];
    const bodies: Record<string, string>[] = [
      { name: "x" },
      { intent: "nope", name: "x" },
      { intent: "toString" },
    ];
    for (const body of bodies) {
      const result = await post(pageAction, body);
      expect(statusOf(result), JSON.stringify(body)).toBe(400);
      expect(bodyOf(result)).toMatchObject({ ok: false, formError: "Unknown action" });
    }
    expect(ran).toEqual([]);
  });

  it("keeps the typed values and names the field when the schema refuses", async () => {
    ran = [];
    const result = await post(pageAction, { intent: "save", name: "  " });
    expect(statusOf(result)).toBe(400);
    expect(bodyOf(result)).toEqual({
      ok: false,
      fieldErrors: { name: "Enter a name" },
      values: { intent: "save", name: "  " },
    });
    expect(ran).toEqual([]);
  });

  it("turns domain errors into field or form errors with their status", async () => {
    const taken = await post(pageAction, { intent: "save", name: "taken" });
    expect(statusOf(taken)).toBe(409);
    expect(bodyOf(taken)).toMatchObject({ fieldErrors: { name: "That name is taken" } });
    const odd = await post(pageAction, { intent: "save", name: "odd" });
    expect(statusOf(odd)).toBe(400);
    expect(bodyOf(odd)).toMatchObject({ formError: "Something is odd", fieldErrors: {} });
  });

  it("redirects back to the page, dialog closed, with a flash notice", async () => {
    const result = (await post(pageAction, { intent: "save", name: "Asha" })) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/thing/1?q=x");
    expect(result.headers.get("Set-Cookie")).toContain("flash=");
  });

  it("answers a missing target with the page's 404 before reading the form", async () => {
    ran = [];
    const result = await post(pageAction, "not a form", { id: "2" });
    expect(statusOf(result)).toBe(404);
    expect(ran).toEqual([]);
  });

  it("checks an intent's own guard before parsing, and answers data when asked", async () => {
    ran = [];
    const signedOut = (await post(pageAction, { intent: "note", name: "" })) as Response;
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/thing/1?edit=3&q=x")}`,
    );
    const signedIn = await post(pageAction, { intent: "note", name: "n" }, { cookie: userCookie });
    expect(bodyOf(signedIn)).toEqual({ ok: true, intent: "note", message: "Noted" });
    expect(ran).toEqual(["note by form-user@example.in"]);
    const echoed = await post(pageAction, { intent: "note", name: "echo" }, { cookie: userCookie });
    expect(bodyOf(echoed)).toEqual({
      ok: true,
      intent: "note",
      message: "Noted",
      result: { echoed: "echo" },
    });
  });

  it("checks the role before the body is read", async () => {
    ran = [];
    expect(statusOf(await post(adminAction, "{}"))).toBe(302);
    expect(statusOf(await post(adminAction, "{}", { cookie: userCookie }))).toBe(403);
    expect(statusOf(await post(adminAction, "{}", { cookie: adminCookie }))).toBe(400);
    expect(ran).toEqual([]);
  });

  it("answers a resource route's plain form post with a redirect and a notice", async () => {
    const page = (await post(
      adminAction,
      { intent: "touch" },
      { cookie: adminCookie, accept: "text/html" },
    )) as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin");
    expect(page.headers.get("Set-Cookie")).toContain("flash=");
    const refused = (await post(
      adminAction,
      { intent: "nope" },
      { cookie: adminCookie, accept: "text/html" },
    )) as Response;
    expect(refused.status).toBe(302);
    const fetcher = await post(adminAction, { intent: "touch" }, { cookie: adminCookie });
    expect(bodyOf(fetcher)).toEqual({ ok: true, intent: "touch", message: "Touched" });
  });

  it("marks an admin's successful change as one visitors' pages show, and nothing else (ADR 027)", async () => {
    const changed = async (
      action: typeof pageAction,
      body: Record<string, string>,
      cookie?: string,
    ) => {
      const headers = new Headers(cookie ? { Cookie: cookie } : {});
      const request = new Request("http://localhost:3000/thing/1", {
        method: "POST",
        headers,
        body: new URLSearchParams(body),
      });
      const args = await routeArgs(t, request, { id: "1" });
      await outcome(() => action(args));
      return changedPublicPages(args.context);
    };
    expect(await changed(adminAction, { intent: "touch" }, adminCookie)).toBe(true);
    // Refused: signed out (a redirect to log in), not an admin, or an unknown intent.
    expect(await changed(adminAction, { intent: "touch" })).toBe(false);
    expect(await changed(adminAction, { intent: "touch" }, userCookie)).toBe(false);
    expect(await changed(adminAction, { intent: "nope" }, adminCookie)).toBe(false);
    // A customer's change is marked by its route where it shows publicly, not by formAction.
    expect(await changed(pageAction, { intent: "save", name: "mine" }, userCookie)).toBe(false);
    expect(await changed(pageAction, { intent: "save", name: "taken" }, adminCookie)).toBe(false);
  });
});
