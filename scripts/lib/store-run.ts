// What the crash, shutdown and soak checks share: the built store (`node dist/server.js`) run as
// its own process on a database of their own, that database prepared before the store starts
// (shoppers signed in, batteries in stock), and a visitor that talks to the store as a browser
// does (form posts with the page's Origin, cookies kept, redirects not followed, its own address
// in X-Forwarded-For as the load balancer would give it).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "~/db/client.server";
import { acquireDataDirLock } from "~/db/data-lock.server";
import { deliveryAreas, outlets, products } from "~/db/schema";
import { passwordMailComposer, verificationMailComposer } from "~/features/accounts/account-mail";
import { createAccountWithPassword } from "~/features/accounts/admin-account.server";
import { type Auth, createAuth } from "~/lib/auth.server";
import { testPasswordHashing } from "../../tests/helpers/password-hashing";

/** One line of a script's report, on stdout. */
export function say(line: string) {
  process.stdout.write(`${line}\n`);
}

/** Where and how one run's store lives: the same for every start of it (restarts included). */
export type StoreSetup = {
  port: number;
  /** PostgreSQL; without it, embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** The store's DATA_DIR (its PGlite files, outbox and uploads): a folder of the run's own. */
  dataDir: string;
  /** BETTER_AUTH_SECRET: the sessions made while preparing must pass the store's check. */
  secret: string;
  base: string;
};

/** A new setup on a fresh data folder under the system's temporary folder. */
export function newStoreSetup(name: string, port: number, databaseUrl: string | null): StoreSetup {
  return {
    port,
    databaseUrl,
    dataDir: mkdtempSync(path.join(tmpdir(), `${name}-`)),
    secret: randomBytes(32).toString("hex"),
    base: `http://localhost:${port}`,
  };
}

export function removeStoreData(setup: StoreSetup) {
  rmSync(setup.dataDir, { recursive: true, force: true });
}

/** The environment the store runs with: production, no demo seed, behind one proxy. */
function storeEnv(setup: StoreSetup): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(setup.port),
    HOST: "127.0.0.1",
    DATA_DIR: setup.dataDir,
    BETTER_AUTH_URL: setup.base,
    BETTER_AUTH_SECRET: setup.secret,
    // Every visitor here sends its own X-Forwarded-For, as real ones arrive through the load
    // balancer: the store's per-address brakes then see many shoppers, not one.
    TRUST_PROXY: "1",
    SEED_ON_START: "false",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  };
  if (setup.databaseUrl) env.DATABASE_URL = setup.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

export type StoreProcess = {
  child: ChildProcess;
  pid: number;
  /** Resolves when the process has ended, with how. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stderr so far (for an account of a failure). */
  stderr: () => string;
  /** Resolves with the first line of its log (stdout) that matches, waiting for it if need be. */
  logLine: (pattern: RegExp) => Promise<string>;
};

/** Starts `node dist/server.js` for the setup; resolves once `/readyz` answers 200. */
export async function startStore(
  setup: StoreSetup,
  options: { timeoutMs?: number; logLevel?: string } = {},
): Promise<StoreProcess> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const env = storeEnv(setup);
  if (options.logLevel) env.LOG_LEVEL = options.logLevel;
  const child = spawn(process.execPath, ["dist/server.js"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString("utf8")).slice(-20_000);
  });
  const lines: string[] = [];
  const waiting = new Set<{ pattern: RegExp; found: (line: string) => void }>();
  let partial = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const complete = text.split("\n");
    partial = complete.pop() ?? "";
    for (const line of complete) {
      if (lines.length < 10_000) lines.push(line);
      for (const waiter of waiting) {
        if (waiter.pattern.test(line)) {
          waiting.delete(waiter);
          waiter.found(line);
        }
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const store: StoreProcess = {
    child,
    pid: child.pid ?? 0,
    exited,
    stderr: () => errors,
    logLine: (pattern) =>
      new Promise((found) => {
        const seen = lines.find((line) => pattern.test(line));
        if (seen !== undefined) found(seen);
        else waiting.add({ pattern, found });
      }),
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The store stopped while starting:\n${errors}`);
    }
    const ready = await fetch(`${setup.base}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return store;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`The store was not ready within ${timeoutMs / 1000} s:\n${errors}`);
}

/** The resident set size of a process in bytes (Linux: /proc/<pid>/status, VmRSS). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`No VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/**
 * A database of its own on the PostgreSQL server of `serverUrl` for one run, dropped after it
 * (as `npm run bench` does): the runs on one server never see each other's rows.
 */
export async function withOwnPostgresDatabase<T>(
  serverUrl: string,
  prefix: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || "store"}_${prefix}_${Date.now()}`.replace(/\W/g, "_");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The run's database opened as the store opens it (migrated), with an auth of the store's secret. */
export type Preparation = { db: Database["db"]; auth: Auth };

/**
 * Opens the setup's database while the store is not running (PGlite: under the data folder's
 * lock, as the CLI scripts do), applies the migrations, runs `work`, and closes it again.
 */
export async function prepareDatabase<T>(
  setup: StoreSetup,
  work: (preparation: Preparation) => Promise<T>,
): Promise<T> {
  const release = setup.databaseUrl ? () => {} : acquireDataDirLock(setup.dataDir);
  const database = await openDatabase({
    url: setup.databaseUrl ?? undefined,
    dataDir: setup.dataDir,
  });
  try {
    await database.migrate();
    const auth = createAuth(database.db, {
      baseURL: setup.base,
      secret: setup.secret,
      production: true,
      passwordMail: passwordMailComposer(database.db),
      verificationMail: verificationMailComposer(database.db),
      passwordHashing: testPasswordHashing,
    });
    return await work({ db: database.db, auth });
  } finally {
    await database.close();
    release();
  }
}

export type Shopper = { id: string; email: string; cookie: string };

/**
 * Verified accounts, each signed in: `cookie` is the Cookie header its browser sends. Their
 * passwords are hashed at a test's cost (nobody types them: the session is what they use).
 */
export async function createShoppers(
  { auth }: Preparation,
  count: number,
  tag: string,
): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, i) => start + i);
    shoppers.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const email = `${tag}.${n}@example.in`;
          const password = `${tag}-password-${n}`;
          const { id } = await createAccountWithPassword(auth, {
            name: `Shopper ${n}`,
            email,
            password,
            role: "user",
          });
          const { headers } = await auth.api.signInEmail({
            body: { email, password },
            returnHeaders: true,
          });
          const cookie = headers
            .getSetCookie()
            .map((line) => line.split(";", 1)[0])
            .join("; ");
          return { id, email, cookie };
        }),
      )),
    );
  }
  return shoppers;
}

export type StockedProduct = { id: number; slug: string; stock: number };

/** Car batteries of the run's own (model `${tag}-n`), active, with the stock given each. */
export async function createStockedProducts(
  { db }: Preparation,
  tag: string,
  stocks: number[],
): Promise<StockedProduct[]> {
  return db
    .insert(products)
    .values(
      stocks.map((stock, n) => ({
        model: `${tag}-${n + 1}`,
        slug: `${tag}-${n + 1}`.toLowerCase(),
        category: "car" as const,
        brand: "UrjaCell",
        capacityAh: 35 + 5 * n,
        voltageV: 12,
        warrantyMonths: 36,
        pricePaise: 450_000 + 10_000 * n,
        mrpPaise: 520_000 + 10_000 * n,
        stock,
        description: "A battery of the durability checks.",
      })),
    )
    .returning({ id: products.id, slug: products.slug, stock: products.stock });
}

/** The delivery address every checkout of the checks gives (the store delivers to 380xxx). */
export const DELIVERY = {
  name: "Asha Kumari",
  phone: "9876543210",
  house: "Flat 4B, Shanti Apartments",
  address: "12 MG Road, Navrangpura",
  city: "Ahmedabad",
  pincode: "380009",
  state: "Gujarat",
};

/** The delivery area of DELIVERY's pincode, and a service centre open every day for bookings. */
export async function createDeliveryAndCentre({ db }: Preparation): Promise<{ centreId: number }> {
  await db
    .insert(deliveryAreas)
    .values({ prefix: "380", city: "Ahmedabad", days: 2 })
    .onConflictDoNothing();
  const [centre] = await db
    .insert(outlets)
    .values({
      kind: "service_centre",
      name: `Durability Centre ${randomBytes(3).toString("hex")}`,
      address: "1 Ashram Road",
      city: "Ahmedabad",
      state: "Gujarat",
      pincode: "380009",
      lat: 23.03,
      lng: 72.58,
      phone: "+91 79 2658 0000",
      openDays: [1, 2, 3, 4, 5, 6, 7],
      bookingCapacity: 50,
    })
    .returning({ id: outlets.id });
  if (!centre) throw new Error("The service centre was not stored");
  return { centreId: centre.id };
}

/** One answer as a browser without JavaScript gets it: status, where it redirects, the page. */
export type Answer = { status: number; location: string | null; body: string };

/**
 * A visitor's browser: its cookies (kept from every answer), its address (X-Forwarded-For) and
 * the store's origin on every post, as a form on the store's own page sends it.
 */
export class Visitor {
  private readonly jar = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly address: string,
    cookie = "",
  ) {
    for (const pair of cookie.split("; ").filter(Boolean)) this.keep(pair);
  }

  private keep(setCookie: string) {
    const [pair = "", ...attributes] = setCookie.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (value === "" || expired) this.jar.delete(name);
    else this.jar.set(name, value);
  }

  /** The headers its browser sends with every request: its address, language and cookies. */
  requestHeaders(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    return {
      "x-forwarded-for": this.address,
      "accept-language": "en-IN,en;q=0.9",
      ...(cookie ? { cookie } : {}),
      ...extra,
    };
  }

  private async answer(response: Response): Promise<Answer> {
    for (const line of response.headers.getSetCookie()) this.keep(line);
    return {
      status: response.status,
      location: response.headers.get("location"),
      body: await response.text(),
    };
  }

  async get(pathname: string): Promise<Answer> {
    const response = await fetch(`${this.base}${pathname}`, {
      redirect: "manual",
      headers: this.requestHeaders({ accept: "text/html" }),
    });
    return this.answer(response);
  }

  /** A form post from one of the store's pages (`application/x-www-form-urlencoded`). */
  async post(pathname: string, fields: Record<string, string>): Promise<Answer> {
    const response = await fetch(`${this.base}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: this.requestHeaders({
        accept: "text/html",
        "content-type": "application/x-www-form-urlencoded",
        origin: this.base,
        referer: `${this.base}${pathname}`,
      }),
      body: new URLSearchParams(fields),
    });
    return this.answer(response);
  }
}

/** A random TEST-NET-2 address (198.51.100.0/24 and its neighbours): a header, no traffic. */
export function visitorAddress(n: number): string {
  return `198.51.${(n >> 8) & 255}.${n & 255}`;
}

/** The value of a hidden input in a page (the checkout dialog's reference and total). */
function hiddenValue(body: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(body)?.[0];
  return input ? (/value="([^"]*)"/.exec(input)?.[1] ?? null) : null;
}

/** How each request of a journey is sent (the crash test sends again what a crash cut off). */
export type Send = (request: () => Promise<Answer>) => Promise<Answer>;
const once: Send = (request) => request();

function unexpected(step: string, answer: Answer) {
  return new Error(`${step}: unexpected answer ${answer.status} ${answer.location ?? ""}`.trim());
}

/** Removes a line from the cart, as the cart page's Remove button does. */
export function removeFromCart(visitor: Visitor, productId: number, send: Send = once) {
  return send(() => visitor.post("/cart", { intent: "remove", productId: String(productId) }));
}

/**
 * A signed-in shopper's way to the checkout dialog, as without JavaScript: Add to cart on the
 * product page, Checkout on the cart page, then the dialog's page, whose form holds the checkout's
 * reference and the total its QR asks for. `null` when the battery ran out on the way (the line is
 * taken out of the cart again, as the shopper would).
 */
export async function openCheckout(
  visitor: Visitor,
  product: { id: number; slug: string },
  quantity: number,
  send: Send = once,
): Promise<{ reference: string; expectedTotalPaise: string } | null> {
  const added = await send(() =>
    visitor.post("/cart/add", {
      productId: String(product.id),
      quantity: String(quantity),
      redirectTo: `/oneprod/${product.slug}`,
    }),
  );
  if (added.status === 409) return null;
  if (added.status >= 400) throw unexpected("add to cart", added);
  const opened = await send(() => visitor.post("/cart", { intent: "checkout" }));
  if (opened.status === 409 || opened.location === "/cart") {
    await removeFromCart(visitor, product.id, send);
    return null;
  }
  if (!opened.location?.includes("checkout=1")) throw unexpected("Checkout", opened);
  const dialog = await send(() => visitor.get(opened.location ?? ""));
  const reference = hiddenValue(dialog.body, "reference");
  const expectedTotalPaise = hiddenValue(dialog.body, "expectedTotalPaise");
  if (dialog.status === 200 && reference && expectedTotalPaise) {
    return { reference, expectedTotalPaise };
  }
  // Stock gone between Checkout and the dialog: the cart page it was sent back to says so.
  if (dialog.status >= 300 && dialog.status < 400) {
    await removeFromCart(visitor, product.id, send);
    return null;
  }
  throw unexpected("the checkout dialog", dialog);
}

/** The checkout dialog's Confirm Order form, filled in (DELIVERY, pay by UPI). */
export function confirmOrderForm(checkout: { reference: string; expectedTotalPaise: string }) {
  return { intent: "place", ...checkout, ...DELIVERY };
}

/** The order a Confirm Order's answer sends to (its page), or null for any other answer. */
export function placedOrderNumber(answer: Answer): number | null {
  const number = /\/account\/orders\/(\d+)$/.exec(answer.location ?? "")?.[1];
  return number ? Number(number) : null;
}

/** What a check's body is given by `runCheck`. */
export type CheckRun = {
  setup: StoreSetup;
  /** "PGlite" or "PostgreSQL". */
  label: string;
  /** Starts the store (its process is killed at the end if still running). */
  start: (options?: { logLevel?: string }) => Promise<StoreProcess>;
  /** Sends SIGTERM and waits for the exit; an exit other than 0 is a failure. */
  stop: (store: StoreProcess) => Promise<void>;
};

/**
 * Runs one check of the store on a setup of its own (PGlite, or DATABASE_URL when set): the body
 * pushes each failure it finds into `failures`. Afterwards any store still running is killed, the
 * data folder removed, and the result printed; exits 1 on a failure or an error.
 */
export function runCheck(
  check: { name: string; port: number; failures: string[] },
  body: (run: CheckRun) => Promise<void>,
): void {
  const { name, port, failures } = check;
  const databaseUrl = process.env.DATABASE_URL || null;
  const label = databaseUrl ? "PostgreSQL" : "PGlite";
  const setup = newStoreSetup(
    `durable-${name.toLowerCase().replace(/\W+/g, "-")}`,
    port,
    databaseUrl,
  );
  const started = Date.now();
  let last: StoreProcess | null = null;
  const run: CheckRun = {
    setup,
    label,
    start: async (options) => {
      last = await startStore(setup, options);
      return last;
    },
    stop: async (store) => {
      store.child.kill("SIGTERM");
      const exit = await store.exited;
      if (exit.code !== 0) failures.push(`The store stopped with ${JSON.stringify(exit)}, not 0`);
    },
  };
  const finish = async () => {
    try {
      await body(run);
    } finally {
      const store = last as StoreProcess | null;
      if (store && store.child.exitCode === null && store.child.signalCode === null) {
        store.child.kill("SIGKILL");
      }
      removeStoreData(setup);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (failures.length > 0) {
      console.error(`${name} on ${label} FAILED in ${seconds} s:`);
      for (const failure of failures) console.error(`  - ${failure}`);
      const store = last as StoreProcess | null;
      if (store) console.error(`The store's last errors:\n${store.stderr()}`);
      process.exit(1);
    }
    say(`${name} on ${label} passed in ${seconds} s.`);
  };
  finish().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
