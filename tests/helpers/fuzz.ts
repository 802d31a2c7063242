/**
 * Property tests of the store's forms (issue 27, "Nothing lost"): every field of a form is posted
 * with random, huge, Unicode and script text (fast-check), and each answer must be a success
 * (200 or a redirect) or a refusal that says why (a 400 with field or form errors; a 404, 409 or
 * 429 of the form's rules), never a 500 or a thrown error, and a refusal must leave every table
 * as it was. A feature's `*.fuzz.int.test.ts` lists its forms with `fuzzForms`.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { referenceTables } from "~/db/schema";
import type { FormFailure } from "~/lib/forms";
import { createUser, type TestUser } from "../factories";
import { outcome, routeArgs, statusOf, TEST_PUBLIC_URL } from "./app-context";
import { createTestDatabase, type TestDatabase } from "./test-db";

/** Runs per form: modest, so that the whole suite stays in its budget (README); raise it for a
 * longer hunt with FUZZ_RUNS=500. The seed is fast-check's own, printed with a failure. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 10);

const KB100 = 100 * 1024;

/** Text that has broken web forms somewhere: scripts and markup, Indian and right-to-left scripts,
 * combining marks, NUL and control characters, numbers a database cannot hold, odd dates. */
export const hostileSamples: readonly string[] = [
  "",
  " ",
  "\t\r\n",
  "<script>window.__fuzzed = 1</script>",
  '"><img src=x onerror="window.__fuzzed=1">',
  "</textarea><svg onload=alert(1)>",
  "javascript:alert(1)",
  "'; drop table products; --",
  "बैटरी की जाँच करें",
  "બેટરી તપાસો",
  "🔋⚡👍🏽👨‍👩‍👧‍👦🇮🇳",
  "مرحبا بالعالم",
  "שלום עולם",
  "\u202Eevil\u202C",
  "e\u0301\u0302\u0303\u0304\u0305\u0306",
  "Z\u0338\u0322\u0349a\u0335l\u0337g\u0334o\u0336",
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u001b[31m\u007f\u0085",
  "\u200b\u200d\ufeff\u00ad",
  "\ud800",
  "\uffff\ufffe",
  "-1",
  "0",
  "1e309",
  "NaN",
  "Infinity",
  "9".repeat(30),
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "1.5",
  "0x1F",
  " 12 ",
  "١٢٣",
  "१२३४५६",
  "2026-02-30",
  "9999-12-31",
  "0000-00-00",
  "24:00",
  "%00%0d%0a",
  "../../etc/passwd",
  "{{7*7}}\u0024{7*7}",
  "__proto__",
  "constructor",
  "null",
  "true",
  "on",
];

/** Any short text a field might be sent. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileSamples) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map(String) },
);

/** What a run posts in a field: the value the form accepts, hostile text, about 100 KB of one
 * piece repeated (ASCII, Devanagari, emoji, markup, a combining mark, NUL), hostile text joined to
 * the accepted value, or no field at all; resolved against the run's accepted value (which
 * `prepare` may give anew). Kept as data, so that a failure prints it short. */
type Pick =
  | { take: "accepted" }
  | { take: "text"; text: string }
  | { take: "huge"; piece: string }
  | { take: "joined"; text: string; before: boolean }
  | { take: "missing" };

const fieldPick: fc.Arbitrary<Pick> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Pick>({ take: "accepted" }) },
  { weight: 5, arbitrary: hostileText.map((text): Pick => ({ take: "text", text })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("A", "बै", "🔋", "<script>", "\u0301", "a\u0000")
      .map((piece): Pick => ({ take: "huge", piece })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(hostileText, fc.boolean())
      .map(([text, before]): Pick => ({ take: "joined", text, before })),
  },
  { weight: 2, arbitrary: fc.constant<Pick>({ take: "missing" }) },
);

function resolve(pick: Pick | undefined, accepted: string): string | undefined {
  if (!pick || pick.take === "accepted") return accepted;
  if (pick.take === "missing") return undefined;
  if (pick.take === "text") return pick.text;
  if (pick.take === "huge") return pick.piece.repeat(Math.ceil(KB100 / pick.piece.length));
  return pick.before ? pick.text + accepted : accepted + pick.text;
}

/** An address with these values added to its query. */
function withQuery(url: string, values: Record<string, string | undefined>): string {
  const address = new URL(url);
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) address.searchParams.append(name, value);
  }
  return address.toString();
}

/** A CSV upload of a header row and one row of the run's values (every cell quoted; the intent
 * and missing fields left out), posted as the form's file field `field`. */
export function csvUpload(field: string) {
  return async (values: Record<string, string | undefined>): Promise<Record<string, File>> => {
    const cell = (text: string) => `"${text.replaceAll('"', '""')}"`;
    const names = Object.keys(values).filter(
      (name) => name !== "intent" && values[name] !== undefined,
    );
    const rows = [names.map(cell), names.map((name) => cell(values[name] ?? ""))];
    const text = `${rows.map((row) => row.join(",")).join("\r\n")}\r\n`;
    return { [field]: new File([text], "upload.csv", { type: "text/csv" }) };
  };
}

/** What a file's forms are given: its database, a signed-in shopper and admin, and its own setup. */
export type FuzzWorld<S> = { t: TestDatabase; shopper: TestUser; admin: TestUser } & S;

export type FuzzForm<S> = {
  /** The test's name: "sign-up", "admin: add a product". */
  name: string;
  /** The route module's action: the form posts. */
  action?: (args: never) => unknown;
  /** Or its loader: a GET form (a search, a filter, a tool), its fields in the address. Its
   * refusal is the page with its errors (a 400), not a form failure. */
  loader?: (args: never) => unknown;
  /** Who posts it: a visitor (no session), the file's shopper, its admin, or the session cookie of
   * an account the setup made. */
  as: "visitor" | "shopper" | "admin" | ((world: FuzzWorld<S>) => string);
  /** The address posted to ("/admin/user"); a function for one made by the setup (or by
   * `prepare`, which may keep the record it makes in the world). */
  path: string | ((world: FuzzWorld<S>) => string);
  /** The route's parameters (":model", ":number"). */
  params?: (world: FuzzWorld<S>) => Record<string, string>;
  /** The intent, sent as it is (never fuzzed: an unknown one is refused before any field). */
  intent?: string;
  /** Every field the form has, with a value it accepts; each run posts each one accepted, hostile,
   * joined with hostile text, or missing. */
  fields: (world: FuzzWorld<S>) => Record<string, string>;
  /** Fields sent as they are in every run (a record's id the setup made, a checkbox). */
  fixed?: (world: FuzzWorld<S>) => Record<string, string>;
  /** Files posted with every run (the form is then sent as multipart): a product's photo, or a
   * CSV file written from the run's values (its cells fuzzed like fields). */
  files?: (values: Record<string, string | undefined>) => Promise<Record<string, File>>;
  /** Runs before each post (not counted as the post's change): the values accepted in this run
   * for the fields it names, e.g. a checkout reference opened anew. */
  prepare?: (world: FuzzWorld<S>) => Promise<Record<string, string>>;
  /** Whether the accepted values, posted first, must succeed (a control that the runs reach the
   * form's rules, not only its schema). False where one success is all the setup allows. */
  control?: boolean;
  /** A success queues a mail in the background (better-auth's password links): each run waits
   * for it, so that it never lands during the next run. */
  mailsInBackground?: boolean;
};

/**
 * The fingerprint of every table a form may write (row count and a hash of every row), in one
 * statement. The rate limits count attempts, refused ones too, by design (ADR 014); the reference
 * tables (pincodes) are never written by a form.
 */
/** The rows of a raw statement, on PGlite and node-postgres alike. */
async function rowsOf<Row>(t: TestDatabase, statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

async function fingerprintStatement(t: TestDatabase): Promise<string> {
  const skipped = new Set<string>(["rate_limits", ...referenceTables]);
  const found = await rowsOf<{ tablename: string }>(
    t,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = found.map((row) => row.tablename).filter((name) => !skipped.has(name));
  return tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0)::text as print from "${name}" x`,
    )
    .join(" union all ");
}

async function queuedMail(t: TestDatabase): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t, sql`select count(*)::int as n from mail_outbox`);
  return row?.n ?? 0;
}

async function fingerprint(t: TestDatabase, statement: string): Promise<Record<string, string>> {
  const rows = await rowsOf<{ name: string; print: string }>(t, sql.raw(statement));
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}

/** A form's time: the project's 30 s, or more for a longer hunt (FUZZ_RUNS=500). */
const testTimeout = Math.max(30_000, FUZZ_RUNS * 1_000);

/** The statuses a form's rules refuse with: invalid, not found, in conflict, too many tries. */
const refusals = new Set([400, 404, 409, 429]);

let lastAddress = 0;
/** A client address of its own for each post, so that one run's attempts never meet another's
 * per-connection limit (the limits have tests of their own). */
function nextAddress(): string {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

function describeAnswer(answer: unknown): string {
  if (answer instanceof Error) return `${answer.name}: ${answer.message}\n${answer.stack ?? ""}`;
  const status = statusOf(answer);
  const body =
    answer && typeof answer === "object" && "data" in answer
      ? JSON.stringify((answer as { data: unknown }).data)?.slice(0, 500)
      : "";
  return `${status} ${body}`;
}

/**
 * One `describe` of a feature's forms: a database, a shopper and an admin for the file, the
 * feature's `setup`, then one test per form (the control, then FUZZ_RUNS random posts).
 */
export function fuzzForms<S extends object>(
  title: string,
  setup: (world: FuzzWorld<Record<never, never>>) => Promise<S>,
  forms: FuzzForm<S>[],
) {
  describe(`${title}: hostile text in every field`, () => {
    let world: FuzzWorld<S>;
    let statement: string;

    beforeAll(async () => {
      const t = await createTestDatabase();
      const base = {
        t,
        shopper: await createUser(t, { name: "Fuzz Shopper" }),
        admin: await createUser(t, { role: "admin", name: "Fuzz Admin" }),
      };
      world = { ...base, ...(await setup(base)) };
      statement = await fingerprintStatement(t);
    });
    afterAll(async () => {
      await world?.t.close();
    });

    for (const form of forms) {
      it(
        form.name,
        async () => {
          const { t } = world;
          const cookie =
            typeof form.as === "function"
              ? form.as(world)
              : form.as === "visitor"
                ? ""
                : world[form.as].cookie;
          const fixed = { ...form.fixed?.(world), ...(form.intent ? { intent: form.intent } : {}) };
          const accepted = form.fields(world);

          const post = async (values: Record<string, string | undefined>, language = "") => {
            const files = await form.files?.(values);
            // Read for each post: `prepare` may have made the record the address names.
            const path =
              language + (typeof form.path === "function" ? form.path(world) : form.path);
            const params = form.params?.(world) ?? {};
            const body = files ? new FormData() : new URLSearchParams();
            for (const [name, value] of Object.entries({ ...values, ...fixed })) {
              if (value !== undefined) body.append(name, value);
            }
            for (const [name, file] of Object.entries(files ?? {})) {
              (body as FormData).append(name, file);
            }
            const headers = {
              ...(cookie ? { Cookie: cookie } : {}),
              "X-Forwarded-For": nextAddress(),
            };
            const request = form.loader
              ? new Request(withQuery(`${TEST_PUBLIC_URL}${path}`, { ...values, ...fixed }), {
                  headers,
                })
              : new Request(`${TEST_PUBLIC_URL}${path}`, {
                  method: "POST",
                  body,
                  headers: { ...headers, Origin: TEST_PUBLIC_URL },
                });
            const handler = form.loader ?? form.action;
            if (!handler) throw new Error(`${form.name}: give its action or its loader`);
            return outcome(async () => handler((await routeArgs(t, request, params)) as never));
          };

          const send = async (values: Record<string, string | undefined>, language = "") => {
            const mails = form.mailsInBackground ? await queuedMail(t) : 0;
            const answer = await post(values, language);
            if (form.mailsInBackground && statusOf(answer) < 400) {
              await vi.waitFor(async () => expect(await queuedMail(t)).toBeGreaterThan(mails));
            }
            return answer;
          };

          const acceptedNow = async () => ({ ...accepted, ...(await form.prepare?.(world)) });

          if (form.control !== false) {
            const answer = await send(await acceptedNow());
            expect(statusOf(answer), `the accepted values: ${describeAnswer(answer)}`).toBeLessThan(
              400,
            );
          }

          let last: Record<string, string> | undefined;
          // A shopper's page may be in Hindi or Gujarati (/hi/cart): its answers are translated.
          const staff = (typeof form.path === "string" ? form.path : form.path(world)).startsWith(
            "/admin",
          );
          const languages = staff ? fc.constant("") : fc.constantFrom("", "/hi", "/gu");
          const arbitrary = fc.record(
            Object.fromEntries(Object.keys(accepted).map((name) => [name, fieldPick])),
          );
          await fc.assert(
            fc.asyncProperty(arbitrary, languages, async (picks, language) => {
              const run = await acceptedNow();
              const values = Object.fromEntries(
                Object.entries(run).map(([name, value]) => [name, resolve(picks[name], value)]),
              );
              // The tables as the last run left them, unless `prepare` changed them since.
              const before = form.prepare || !last ? await fingerprint(t, statement) : last;
              last = undefined;
              const answer = await send(values, language);
              const status = statusOf(answer);
              last = await fingerprint(t, statement);
              if (answer instanceof Error) expect.fail(`threw ${describeAnswer(answer)}`);
              expect(status < 400 || refusals.has(status), describeAnswer(answer)).toBe(true);
              if (status === 400 && !form.loader) {
                const failure = (answer as { data: FormFailure }).data;
                const said =
                  Object.keys(failure.fieldErrors).length > 0 || Boolean(failure.formError);
                expect(said, `a 400 says why: ${describeAnswer(answer)}`).toBe(true);
              }
              if (status >= 400) {
                const after = last;
                const changed = Object.keys(after).filter((name) => after[name] !== before[name]);
                expect(changed, `stored on a ${describeAnswer(answer)}`).toEqual([]);
              }
            }),
            { numRuns: FUZZ_RUNS },
          );
        },
        testTimeout,
      );
    }
  });
}
