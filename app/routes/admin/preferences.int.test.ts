import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sidebarCookie } from "~/lib/cookies.server";
import { createUser } from "../../../tests/factories";
import { routeArgs } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { action } from "./preferences";

let t: TestDatabase;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  adminCookie = (await createUser(t, { role: "admin" })).cookie;
});
afterAll(async () => {
  await t?.close();
});

/** A plain (no JavaScript) form post of the sidebar toggle, from the given Referer. */
async function toggle(referer: string) {
  const request = new Request("http://localhost:3000/admin/preferences", {
    method: "POST",
    headers: { Cookie: adminCookie, Accept: "text/html", Referer: referer },
    body: new URLSearchParams({ sidebar: "collapsed" }),
  });
  return (await action(await routeArgs(t, request))) as Response;
}

async function storedChoice(res: Response) {
  return sidebarCookie.parse(res.headers.get("Set-Cookie")?.split(";")[0] ?? "");
}

describe("admin preferences (plain form post)", () => {
  it("stores the choice and goes back to the page it came from", async () => {
    const res = await toggle("http://localhost:3000/admin/user");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/user");
    expect(await storedChoice(res)).toBe("collapsed");
  });

  it.each(["http://[::1", "::::", "http://"])(
    "goes back to /admin for the malformed Referer %j, not a 500",
    async (referer) => {
      const res = await toggle(referer);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin");
      expect(await storedChoice(res)).toBe("collapsed");
    },
  );
});
