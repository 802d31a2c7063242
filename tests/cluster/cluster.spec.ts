import { type APIRequestContext, request as requests } from "@playwright/test";
import { addDays, indiaDayOf } from "~/lib/india-time";
import { createOutlet } from "../e2e/control";
import {
  type ControlUser,
  createProduct,
  createUser,
  expect,
  type Page,
  readCartLines,
  test,
} from "../e2e/fixtures";
import { fillDeliveryDetails, hydrated } from "../e2e/helpers";

/**
 * Journeys through nginx in front of two store processes on one PostgreSQL, round robin with no
 * sticky sessions (playwright.cluster.config.ts, ADR 040). Every answer names the process that
 * gave it (`X-Served-By`), so each test can show that both took part.
 */
const port = Number(process.env.CLUSTER_E2E_PORT);
/** Each process's own address, past the load balancer: to look into one process's caches. */
const processes = {
  "app-1": `http://127.0.0.1:${port + 1}`,
  "app-2": `http://127.0.0.1:${port + 2}`,
};

/** Which process answered each request the page sent through the load balancer. */
function servedBy(page: Page) {
  const seen: { method: string; path: string; by: string }[] = [];
  page.on("response", (response) => {
    const by = response.headers()["x-served-by"];
    const url = new URL(response.url());
    if (by && url.port === String(port)) {
      seen.push({ method: response.request().method(), path: url.pathname, by });
    }
  });
  return {
    seen,
    processes: () => [...new Set(seen.map((s) => s.by))].sort(),
  };
}

test("a shopper signs in on one process and goes on, signed in, on the other", async ({ page }) => {
  const shopper = await createUser({ signedIn: false });
  const served = servedBy(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill(shopper.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // Posted as a page (`/login`) or, once React runs, as its data (`/login.data`).
  const signedInBy = served.seen.find(
    (s) => s.method === "POST" && /^\/login(?:\.data)?$/.test(s.path),
  )?.by;
  expect(signedInBy).toMatch(/^app-[12]$/);

  // Page after page, each process reads the session the other one made, until both have served
  // this shopper's account page (round robin: the second page at the latest, unless the other
  // test's requests fall in between every time).
  const accountBy = new Set<string>();
  for (let i = 0; i < 10 && accountBy.size < 2; i += 1) {
    const response = await page.goto("/account");
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
    accountBy.add(response?.headers()["x-served-by"] ?? "");
  }
  expect([...accountBy].sort()).toEqual(["app-1", "app-2"]);
});

test("a cart, a checkout and a booking are made across both processes", async ({
  page,
  customer,
}) => {
  test.setTimeout(60_000);
  const served = servedBy(page);
  const battery = await createProduct({ tag: "CLUSTER", pricePaise: 450_000, stock: 5 });

  await page.goto(`/oneprod/${battery.model}`);
  await page.getByRole("button", { name: `Add ${battery.model} to cart` }).click();
  await expect(page.getByText(`${battery.model} added to cart`)).toBeVisible();
  await page.goto("/cart");
  await hydrated(page, `quantity-${battery.id}`);
  await page.getByLabel("Quantity").selectOption("2");
  await expect(page.getByTestId("total")).toHaveText("₹9,000");
  expect((await readCartLines(customer.id)).map((line) => line.quantity)).toEqual([2]);

  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout" });
  await fillDeliveryDetails(dialog);
  await expect(dialog.getByRole("heading", { name: "Pay ₹9,000 by UPI" })).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm Order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/\d{5,}$/);
  const number = page.url().split("/").at(-1);
  await expect(page.getByTestId("order-status")).toHaveText("Payment pending");
  await page.goto("/account/orders");
  await expect(page.getByTestId("account-order")).toContainText(`Order #${number}`);

  // A service booking at a centre of this test's own, for the day after tomorrow.
  const city = `Clusterpur ${Date.now().toString(36).replace(/\d/g, "x")}`;
  const centre = await createOutlet({ kind: "service_centre", tag: "Cluster Service", city });
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const day = addDays(indiaDayOf(new Date()), 2);
  await page.goto(`/service?city=${encodeURIComponent(city)}&book=${centre.id}&date=${day}`);
  const booking = page.getByRole("dialog", { name: "Book a Service Appointment" });
  await booking.getByLabel("Phone").fill("+91 98765 43210");
  await booking.getByLabel("Vehicle Model").fill("Maruti Swift");
  await booking.getByLabel("Battery issue").selectOption({ label: "Low Voltage" });
  await booking.getByLabel("Time").selectOption("11:00");
  await booking.getByRole("button", { name: "Book Now" }).click();
  const reference = await booking.getByTestId("booking-reference").textContent();
  expect(reference).toMatch(/^SB-[A-Z2-9]{8}$/);
  await booking.getByRole("link", { name: "See your bookings" }).click();
  await expect(
    page.getByTestId("customer-booking").filter({ hasText: reference ?? "" }),
  ).toBeVisible();

  // The journey's pages, data and posts came from both processes.
  expect(served.processes()).toEqual(["app-1", "app-2"]);
  const posts = served.seen.filter((s) => s.method === "POST");
  test.info().annotations.push({
    type: "posts",
    description: posts.map((s) => `${s.path} by ${s.by}`).join(", "),
  });
});

/** Posts the login form as a browser would, through the load balancer. */
function logIn(api: APIRequestContext, baseURL: string, user: ControlUser, password: string) {
  return api.post("/login", {
    form: { email: user.email, password },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
}

test("a sign-in limit reached through one process holds on the other", async ({
  request,
  baseURL,
}) => {
  const shopper = await createUser({ signedIn: false });
  // Wrong passwords until the store stops this address for this e-mail (the limit's count lives
  // in PostgreSQL, so the processes count them together).
  const wrong: string[] = [];
  let limited = false;
  for (let i = 0; i < 12 && !limited; i += 1) {
    const answer = await logIn(request, baseURL!, shopper, "Not-the-password-1");
    wrong.push(answer.headers()["x-served-by"] ?? "");
    limited = answer.status() === 429;
  }
  expect(limited).toBe(true);
  // The attempts were counted on both processes on the way there.
  expect([...new Set(wrong)].sort()).toEqual(["app-1", "app-2"]);

  // Now even the right password is refused, whichever process is asked.
  const refusedBy = new Set<string>();
  for (let i = 0; i < 8 && refusedBy.size < 2; i += 1) {
    const answer = await logIn(request, baseURL!, shopper, shopper.password);
    expect(answer.status()).toBe(429);
    expect(answer.headers()["retry-after"]).toMatch(/^\d+$/);
    refusedBy.add(answer.headers()["x-served-by"] ?? "");
  }
  expect([...refusedBy].sort()).toEqual(["app-1", "app-2"]);
});

/** A client of one process straight (not through nginx), as a visitor or with these cookies. */
function straightTo(base: string, cookies: { name: string; value: string }[] = []) {
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
  return requests.newContext({ baseURL: base, extraHTTPHeaders: cookie ? { cookie } : {} });
}

/** A page of one process, asked for straight. */
type Watched = { client: APIRequestContext; address: string };

/** Waits until each process keeps its page (answered from its cache) and shows `text`. */
async function keptEverywhere(watched: Watched[], text: string) {
  for (const { client, address } of watched) {
    await expect(async () => {
      const kept = await client.get(address);
      expect(kept.headers()["x-cache"]).toBe("hit");
      expect(await kept.text()).toContain(text);
    }).toPass();
  }
}

/**
 * Submits an admin's form with `save` and gives, for each watched page, how long after the
 * change was answered the first request showing `text` was sent (Infinity: none within 1 s).
 * What counts is that no page kept from before the change is served after it: rendering a page
 * anew may take longer than that on a busy machine. Also names the process that made the change.
 */
async function seenAfterChange(
  page: Page,
  save: () => Promise<void>,
  watched: Watched[],
  text: string,
) {
  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/"),
  );
  await save();
  const answer = await saved;
  const changedAt = performance.now();
  const seen = await Promise.all(
    watched.map(async ({ client, address }) => {
      while (performance.now() - changedAt < 1_000) {
        const sentAt = performance.now() - changedAt;
        if ((await (await client.get(address)).text()).includes(text)) return sentAt;
      }
      return Number.POSITIVE_INFINITY;
    }),
  );
  const changedBy = answer.headers()["x-served-by"] ?? "";
  test.info().annotations.push({
    type: "new page asked for after (ms)",
    description: `changed on ${changedBy}; ${seen.map((ms) => ms.toFixed(0)).join(", ")}`,
  });
  return { seen, changedBy };
}

test("an admin's price and stock change on one process is on the other's pages within 1 s", async ({
  page,
  admin: _,
}) => {
  const battery = await createProduct({
    tag: "CLUSTERPRICE",
    pricePaise: 450_000,
    mrpPaise: 900_000,
    stock: 12,
  });
  const shopper = await createUser();
  // Each process's visitors' product page, and the signed-in shopper's list of it.
  const watched = await Promise.all(
    Object.values(processes).flatMap((base) => [
      straightTo(base).then((client) => ({ client, address: `/oneprod/${battery.model}` })),
      straightTo(base, shopper.cookies).then((client) => ({
        client,
        address: `/allproduct?q=${battery.model}`,
      })),
    ]),
  );
  await keptEverywhere(watched, "₹4,500");

  await page.goto(`/admin/product?q=${battery.model}`);
  await page.getByRole("link", { name: `Edit ${battery.model}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${battery.model}` });
  await dialog.getByLabel("Price (₹)").fill("7,777");
  await dialog.getByLabel("Stock", { exact: true }).fill("0");
  const save = () => dialog.getByRole("button", { name: "Save" }).click();
  const { seen, changedBy } = await seenAfterChange(page, save, watched, "₹7,777");
  expect(changedBy).toMatch(/^app-[12]$/);
  for (const ms of seen) expect(ms).toBeLessThan(1_000);
  await expect(page.getByText("Product updated successfully!")).toBeVisible();
  const other = watched[changedBy === "app-1" ? 2 : 0]!;
  expect(await (await other.client.get(other.address)).text()).toContain("schema.org/OutOfStock");
  for (const { client } of watched) await client.dispose();
});

test("an admin's settings change on one process is on the other's kept pages within 1 s", async ({
  page,
  admin: _,
}) => {
  // The home page shows the tagline; each process keeps it, and its own copy of the settings.
  const watched = await Promise.all(
    Object.values(processes).map(async (base) => ({
      client: await straightTo(base),
      address: "/",
    })),
  );
  await page.goto("/admin/settings");
  const store = page.getByRole("region", { name: "Store details" });
  const field = store.getByRole("textbox", { name: "Tagline", exact: true });
  await keptEverywhere(watched, await field.inputValue());

  const tagline = `Batteries for every road ${Date.now().toString(36)}`;
  await field.fill(tagline);
  const save = () => store.getByRole("button", { name: "Save store details" }).click();
  const { seen } = await seenAfterChange(page, save, watched, tagline);
  for (const ms of seen) expect(ms).toBeLessThan(1_000);
  for (const { client } of watched) await client.dispose();
});
