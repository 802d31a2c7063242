import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createStaticHandler, type RouterContextProvider } from "react-router";
import { expect } from "vitest";
import { createAccountWithPassword } from "~/features/accounts/admin-account.server";
import { type AppContext, createAppContext } from "~/lib/context";
import { diskStorage } from "~/lib/file-storage.server";
import type { FormFailure } from "~/lib/forms";
import { uncachedPublicData } from "~/lib/public-data.server";
import { requestStateMiddleware } from "~/lib/request-state.server";
import type { TestDatabase } from "./test-db";

const uploadDirs = new WeakMap<TestDatabase, string>();

/** A fresh uploads folder per test database (the context's uploads are stored in it). */
export function uploadsDirFor(t: TestDatabase): string {
  let dir = uploadDirs.get(t);
  if (!dir) {
    dir = mkdtempSync(path.join(tmpdir(), "store-uploads-"));
    uploadDirs.set(t, dir);
  }
  return dir;
}

const silent = { info() {}, warn() {}, error() {}, debug() {} };

/** The store's address in tests, as BETTER_AUTH_URL gives it to the server. */
export const TEST_PUBLIC_URL = "http://localhost:3000";

/** What order changes need besides their input in tests: the links in their mail. */
export const orderOptions = { publicUrl: TEST_PUBLIC_URL };

/** The services a request's context carries, built around a test database. */
export function testServices(t: TestDatabase, overrides: Partial<AppContext> = {}): AppContext {
  return {
    db: t.db,
    auth: t.auth,
    publicUrl: TEST_PUBLIC_URL,
    browserUrl: `${TEST_PUBLIC_URL}/`,
    social: { google: false, apple: false },
    nonce: "",
    logger: silent,
    uploads: diskStorage(uploadsDirFor(t)),
    cookieSecret: "integration-tests-cookie-secret",
    publicData: uncachedPublicData,
    changes: { publicPages: false },
    ...overrides,
  };
}

/**
 * The arguments React Router gives a loader or action for this request: the context of a test
 * database, after the root middleware has read the session (as on the server).
 */
export async function routeArgs(
  t: TestDatabase,
  request: Request,
  params: Record<string, string> = {},
  overrides: Partial<AppContext> = {},
): Promise<{ request: Request; params: Record<string, string>; context: RouterContextProvider }> {
  const context = createAppContext(testServices(t, overrides));
  const args = { request, params, context, unstable_pattern: "" };
  await requestStateMiddleware(args as never, async () => new Response());
  return { request, params, context };
}

/**
 * Makes an account (its address verified unless told otherwise, no mail queued) and signs it in;
 * returns the Cookie header value of its session. Sign-up itself is tested through its form.
 */
export async function sessionCookieFor(
  t: TestDatabase,
  person: { name: string; email: string; password: string; emailVerified?: boolean },
): Promise<string> {
  await createAccountWithPassword(t.auth, { ...person, role: "user" });
  const { headers } = await t.auth.api.signInEmail({
    body: { email: person.email, password: person.password },
    returnHeaders: true,
  });
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The HTTP status a loader/action result or thrown value stands for (Response or data()). */
export function statusOf(value: unknown): number {
  if (value instanceof Response) return value.status;
  if (value && typeof value === "object" && "init" in value) {
    return (value as { init?: { status?: number } }).init?.status ?? 200;
  }
  return 200;
}

/** Runs a loader or action and gives back what it returned or threw. */
export async function outcome(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

/**
 * What a query refused by a CHECK constraint rejects with (Drizzle wraps the driver's error, on
 * PGlite and PostgreSQL alike): `await expect(insert).rejects.toMatchObject(checkViolation(name))`.
 */
export function checkViolation(constraint: string) {
  return { cause: { message: expect.stringContaining(`check constraint "${constraint}"`) } };
}

/** The refusal a form action answered with (a 400/404/409 `data`): its errors and typed values. */
export function failureOf(result: unknown): FormFailure {
  return (result as { data: FormFailure }).data;
}

/** The notice a form action's redirect carries (the flash cookie's signed JSON). */
export function flashMessageOf(result: unknown): string {
  const cookie = (result as Response).headers.get("Set-Cookie") ?? "";
  const value = decodeURIComponent(/flash=([^.;]+)/.exec(cookie)?.[1] ?? "");
  return (JSON.parse(Buffer.from(value, "base64").toString("utf8")) as { message: string }).message;
}

/**
 * Runs a route's loader (no `values`) or action (a form post of `values`) at `path` with the
 * cookie given, as React Router would: what it returned or threw.
 */
export async function callRoute(
  t: TestDatabase,
  handler: (args: never) => unknown,
  path: string,
  options: { cookie: string; values?: Record<string, string>; params?: Record<string, string> },
): Promise<unknown> {
  const { cookie, values, params = {} } = options;
  const request = new Request(`${TEST_PUBLIC_URL}${path}`, {
    method: values ? "POST" : "GET",
    body: values ? new URLSearchParams(values) : undefined,
    headers: { Cookie: cookie },
  });
  return outcome(async () => handler((await routeArgs(t, request, params)) as never));
}

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

/**
 * A page load or form post answered as the store answers it: through React Router, with the
 * address's language prefix as basename (server/locale-handler.ts), which gives a route's
 * redirects their prefix (a route writes paths without it). Only the route itself is mounted,
 * at `path` under the basename. `url` is the address asked ("/hi/cart").
 */
export async function throughRouter(
  t: TestDatabase,
  route: RouteModule,
  path: string,
  url: string,
  options: { cookie?: string; values?: Record<string, string> } = {},
) {
  const basename = /^\/(hi|gu)(?=\/|$)/.exec(url)?.[0] ?? "/";
  const handler = createStaticHandler(
    [{ id: "page", path, loader: route.loader, action: route.action } as never],
    { basename, future: { v8_middleware: true } as never },
  );
  const request = new Request(`${TEST_PUBLIC_URL}${url}`, {
    method: options.values ? "POST" : "GET",
    body: options.values ? new URLSearchParams(options.values) : undefined,
    headers: {
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(options.values ? { Origin: TEST_PUBLIC_URL } : {}),
    },
  });
  const { context } = await routeArgs(t, request);
  return outcome(() => handler.query(request, { requestContext: context as never }));
}

/** Where a redirect sends the browser (null: not a redirect). */
export const locationOf = (answer: unknown) =>
  answer instanceof Response ? answer.headers.get("Location") : null;
