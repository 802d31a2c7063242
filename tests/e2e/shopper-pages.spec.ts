import { type ControlUser, createProduct, createUser, expect, type Page, test } from "./fixtures";
import { hydrated, keptAnswer } from "./helpers";

/**
 * A signed-in shopper's catalogue, home and finder are kept per role and cart size, rendered with
 * stand-ins and filled in with each shopper's own name and e-mail (ADR 018). These check the
 * filled page against the page rendered live for the same shopper, in the browser too.
 */

/** A name that needs every kind of escaping: HTML, JSON, and JSON inside a script. */
const NASTY = `Zoë O'Brien & <img src=x onerror="window.__pwned=1"> "Sons" </script> \\ \u2028`;

const cookieOf = (user: ControlUser) =>
  user.cookies.map(({ name, value }) => `${name}=${value}`).join("; ");

/**
 * The page as this shopper's browser gets it, its CSP nonces blanked (they are per response).
 * A kept page is rendered whole, without the asker's User-Agent (ADR 027); asked as a search
 * engine, a live page is rendered whole too, so the two can be compared byte for byte.
 */
async function fetchAs(baseURL: string, path: string, cookie: string) {
  const res = await fetch(`${baseURL}${path}`, {
    headers: { cookie, "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" },
  });
  expect(res.status).toBe(200);
  const body = (await res.text()).replace(/nonce="[^"]+"/g, 'nonce=""');
  return { cache: res.headers.get("x-cache"), control: res.headers.get("cache-control"), body };
}

const byCache = (answer: { cache: string | null | undefined }) => answer.cache;

test("a shopper's kept page is the very page rendered live for them", async ({ baseURL }) => {
  const tag = `KEPT${Date.now() % 1_000_000}`;
  await createProduct({ tag });
  const shopper = await createUser({ name: NASTY });
  const cookie = cookieOf(shopper);
  for (const path of [`/allproduct?q=${tag}`, `/allproduct.data?q=${tag}`]) {
    const kept = await keptAnswer(() => fetchAs(baseURL!, path, cookie), byCache);
    // An unread notice cookie makes the store render the page live, for this shopper alone.
    const live = await fetchAs(baseURL!, path, `${cookie}; flash=none`);
    expect(live.cache).toBeNull();
    for (const answer of [kept, live]) expect(answer.control).toBe("private, no-store");
    expect(kept.body).toBe(live.body);
    expect(live.body).toContain(path.includes(".data?") ? "Zoë O'Brien" : "Zoë O&#x27;Brien");
    expect(live.body).not.toContain("zqStandIn");
  }
});

async function openAccountMenu(page: Page, name: string) {
  await page.getByLabel(`Account menu for ${name}`, { exact: true }).click();
  return page.getByTestId("profile-identity");
}

test("shoppers on a kept page each see their own name, and nothing runs from it", async ({
  newVisitor,
}) => {
  const tag = `TWO${Date.now() % 1_000_000}`;
  const address = `/allproduct?q=${tag}`;
  const asha = await createUser({ name: "Asha Kumari" });
  const other = await createUser({ name: NASTY });
  for (const [user, initials] of [
    [asha, "AK"],
    [other, "ZS"],
  ] as const) {
    const page = await newVisitor({ user });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await keptAnswer(
      async () => ({ cache: (await page.goto(address))?.headers()["x-cache"] }),
      byCache,
    );
    await hydrated(page, "main");
    const identity = await openAccountMenu(page, user.name);
    await expect(identity).toContainText(user.name);
    await expect(identity).toContainText(user.email);
    await expect(page.locator("summary").getByText(initials, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // Hydrated without a mismatch: the filled page is what React renders for this shopper.
    expect(errors).toEqual([]);
  }
});

test("a shopper's badge counts what they just added, on the next page and after a reload", async ({
  page,
  customer: _,
}) => {
  const tag = `BADGE${Date.now() % 1_000_000}`;
  const product = await createProduct({ tag });
  const address = `/allproduct?q=${tag}`;
  await page.goto(address);
  await page.reload(); // kept now, with an empty cart
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await page.getByRole("button", { name: `Add ${product.model} to cart` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await page.reload();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await expect(page.getByTestId("cart-link")).toHaveAccessibleName("Cart, 1 item");
});

test("a shopper's product page is kept unless it shows their own review", async ({
  baseURL,
  newVisitor,
}) => {
  const product = await createProduct({ tag: "KEPTPROD" });
  const address = `/oneprod/${product.model}`;
  const reader = cookieOf(await createUser({ name: NASTY }));
  const kept = await keptAnswer(() => fetchAs(baseURL!, address, reader), byCache);
  // The page kept for everyone of the shopper's role is the very page rendered live for them.
  const live = await fetchAs(baseURL!, address, `${reader}; flash=none`);
  expect(live.cache).toBeNull();
  expect(kept.body).toBe(live.body);
  // A pincode they checked before is answered on the page: rendered live.
  expect((await fetchAs(baseURL!, address, `${reader}; pincode=560001`)).cache).toBeNull();

  const author = await createUser({ name: "Review Author" });
  const theirs = await newVisitor({ user: author });
  await theirs.goto(address);
  await theirs.getByLabel("4 stars").check();
  await theirs.getByLabel(/Your review/).fill("Holds its charge through winter");
  await theirs.getByRole("button", { name: "Submit review" }).click();
  await expect(theirs.getByTestId("review")).toContainText("Holds its charge through winter");
  // Their own review is theirs to edit, on every visit: never the page kept for the role.
  for (let visit = 0; visit < 2; visit++) {
    const own = await fetchAs(baseURL!, address, cookieOf(author));
    expect(own.cache).toBeNull();
    expect(own.body).toContain("Edit your review");
  }
  const other = await keptAnswer(() => fetchAs(baseURL!, address, reader), byCache);
  expect(other.body).toContain("Holds its charge through winter");
  expect(other.body).toContain("Write a review");
  expect(other.body).not.toContain("Edit your review");
});
