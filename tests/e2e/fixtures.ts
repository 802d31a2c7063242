import { type BrowserContext, test as base, type Page } from "@playwright/test";
import {
  type ControlUser,
  createUser,
  lockSettings,
  unlockSettings,
  writeSettings,
} from "./control";

export { expect, type Page } from "@playwright/test";
export {
  type ControlProduct,
  type ControlUser,
  createDeliveryArea,
  createExchangeRate,
  createProduct,
  createPromoCode,
  createUser,
  createVehicle,
  readCartLines,
  setProductStock,
} from "./control";

type VisitorOptions = {
  /** Signed in as this control-port user (else a signed-out visitor). */
  user?: ControlUser;
  javaScriptEnabled?: boolean;
};

type Fixtures = {
  /** A new customer account of this test alone, signed in in the test's browser context. */
  customer: ControlUser;
  /** A new admin account of this test alone, signed in in the test's browser context. */
  admin: ControlUser;
  /**
   * A page in a browser context of its own (another person, or the same one without JavaScript),
   * from an address of its own; closed after the test.
   */
  newVisitor: (options?: VisitorOptions) => Promise<Page>;
  /**
   * For a test that relies on the store's default payment settings (the demo UPI payee and its
   * notice): holds the settings lock shared for the test, so no test changes them meanwhile.
   */
  defaultSettings: undefined;
  /**
   * For a test that changes the store-wide payment settings (UPI payee, shipping): holds the
   * settings lock alone for the test (it waits for the tests holding it shared, and they wait
   * for it), and afterwards puts the defaults back, whatever happened in the test.
   */
  settingsChange: undefined;
};

/** The defaults the settings tests change (app/features/settings/settings.schema.ts). */
const defaultPayments = {
  upiPayeeId: null,
  upiPayeeName: null,
  shippingFeePaise: 0,
  freeShippingFromPaise: null,
  payOnInstallationEnabled: false,
  payOnInstallationMaxPaise: 2_500_000,
  sellerLegalName: null,
  sellerAddress: null,
  sellerState: null,
  sellerGstin: null,
  marketRatesEndpoint: null,
  marketRatesAllowPrivate: false,
};

/** Waiting for the settings lock may take another test's whole run: not the test's own time. */
const lockTimeout = 150_000;

/** A random TEST-NET-2 address (198.51.x.x): only a header, no traffic. */
function visitorAddress() {
  const id = Math.floor(Math.random() * 65_536);
  return `198.51.${id >> 8}.${id & 255}`;
}

/** Puts a control-port session into a browser context, as the login form's answer would. */
async function signIn(context: BrowserContext, baseURL: string, user: ControlUser) {
  await context.addCookies(
    user.cookies.map(({ name, value }) => ({
      name,
      value,
      url: baseURL,
      httpOnly: true,
      sameSite: "Lax" as const,
    })),
  );
}

/**
 * A page's scripts are asked for once it has painted (ADR 046), which on a fast local server may
 * come after its load event, where Playwright's navigations end. A page a test loads, reloads or
 * goes back to is waited for until React has taken it over (a visitor's page has been by the time
 * they act on it); a page without the store's scripts (a PDF, a data answer) at once.
 */
function waitsForTheApp(page: Page): Page {
  const takenOver = () =>
    page.waitForFunction(
      () =>
        !document.getElementById("rr-boot") ||
        Object.keys(document.body).some((key) => key.startsWith("__reactProps")),
    );
  for (const name of ["goto", "reload", "goBack", "goForward"] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await takenOver();
        return response;
      },
    });
  }
  return page;
}

/**
 * Every test arrives from an address of its own, as real visitors do behind the load balancer
 * (the e2e server runs with TRUST_PROXY=1, so this header is read as that one proxy's). Without
 * this the whole suite shares one per-IP sign-in/sign-up bucket and a retry or a new test trips
 * the store's rate limits (ADR 009).
 *
 * `customer` and `admin` create a fresh account through the test-only control port (ADR 011) and
 * sign the test's context in without the login form; only the login journeys type a password.
 */
export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitsForTheApp(page));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": visitorAddress() });
  },
  customer: async ({ context, baseURL }, use) => {
    const user = await createUser({ role: "user" });
    await signIn(context, baseURL!, user);
    await use(user);
  },
  admin: async ({ context, baseURL }, use) => {
    const user = await createUser({ role: "admin" });
    await signIn(context, baseURL!, user);
    await use(user);
  },
  newVisitor: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ user, javaScriptEnabled = true } = {}) => {
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled,
        extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
      });
      contexts.push(context);
      if (user) await signIn(context, baseURL!, user);
      const page = await context.newPage();
      return javaScriptEnabled ? waitsForTheApp(page) : page;
    });
    for (const context of contexts) await context.close();
  },
  defaultSettings: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use, testInfo) => {
      const holder = `${testInfo.testId}#${testInfo.retry}`;
      await lockSettings(holder, "shared");
      try {
        await use(undefined);
      } finally {
        await unlockSettings(holder);
      }
    },
    { timeout: lockTimeout },
  ],
  settingsChange: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use, testInfo) => {
      const holder = `${testInfo.testId}#${testInfo.retry}`;
      await lockSettings(holder, "exclusive");
      try {
        await use(undefined);
      } finally {
        try {
          await writeSettings(defaultPayments);
        } finally {
          await unlockSettings(holder);
        }
      }
    },
    { timeout: lockTimeout },
  ],
});
