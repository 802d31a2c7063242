import { createProduct, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

/** Each place has one name, in the header, the footer, its page's heading and the home cards. */
const headerLinks = [
  ["Home", "/"],
  ["All Products", "/allproduct"],
  ["Battery Finder", "/findby"],
  ["Book Service", "/service"],
  ["Dealer Locator", "/dealer"],
  ["Warranty Registration", "/warranty"],
  ["Blog", "/blog"],
  ["Contact Us", "/contactus"],
] as const;

const footerLinks = [
  ["Home", "/"],
  ["All Products", "/allproduct"],
  ["Battery Finder", "/findby"],
  ["Warranty Registration", "/warranty"],
  ["Dealer Locator", "/dealer"],
  ["Book Service", "/service"],
  ["Contact Us", "/contactus"],
  ["Blog", "/blog"],
  ["Cart", "/cart"],
] as const;

/** The main heading of the page each link leads to. */
const headings = new Map<string, string>([
  ["/", "Welcome to UrjaCell"],
  ["/allproduct", "All Products"],
  ["/findby", "Battery Finder"],
  ["/service", "Book Service"],
  ["/dealer", "Dealer Locator"],
  ["/warranty", "Warranty Registration"],
  ["/contactus", "Contact Us"],
  ["/blog", "Blog"],
  ["/cart", "My Cart"],
]);

/** Testimonial cards lying wholly inside the carousel's visible window. */
async function fullyVisibleSlides(page: Page): Promise<number> {
  return page.evaluate(() => {
    const carousel = document.querySelector('[data-testid="testimonial-carousel"]');
    const viewport = carousel?.querySelector(".overflow-hidden")?.getBoundingClientRect();
    if (!carousel || !viewport) return -1;
    return [...carousel.querySelectorAll('[data-testid="testimonial-slide"] figure')].filter(
      (card) => {
        const r = card.getBoundingClientRect();
        return r.width > 0 && r.left >= viewport.left - 1 && r.right <= viewport.right + 1;
      },
    ).length;
  });
}

/** The name on the first testimonial card lying wholly in view, or null while a scroll is under way. */
function firstVisibleName(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const viewport = document
      .querySelector('[data-testid="testimonial-carousel"] .overflow-hidden')!
      .getBoundingClientRect();
    const cards = [...document.querySelectorAll('[data-testid="testimonial-slide"] figure')];
    const card = cards.find((c) => {
      const r = c.getBoundingClientRect();
      return r.left >= viewport.left - 1 && r.right <= viewport.right + 1;
    });
    return card?.querySelector("figcaption span")?.textContent ?? null;
  });
}

/**
 * Expects the carousel to stay on the same testimonial for longer than one autoplay delay (3 s).
 * The time passes on the page's fake clock (`page.clock.install()` before the page loads), so the
 * test does not sleep: had autoplay been on, its timer and the whole scroll would run in there.
 */
async function expectCarouselToStayPut(page: Page) {
  // Let a scroll that was under way finish before taking the reference.
  await expect.poll(() => firstVisibleName(page)).not.toBeNull();
  const held = await firstVisibleName(page);
  await page.clock.runFor(4_000);
  expect(await firstVisibleName(page)).toBe(held);
}

test.describe("home page", () => {
  for (const [name, width] of Object.entries({ phone: widths.phone, desktop: widths.desktop })) {
    test(`shows the banner, features, reasons and testimonials on a ${name}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(/UrjaCell/);
      await expect(
        page.getByRole("heading", { level: 1, name: "Welcome to UrjaCell" }),
      ).toBeVisible();

      for (const [section, target] of [
        ["All Products", "/allproduct"],
        ["Battery Finder", "/findby"],
        ["Book Service", "/service"],
        ["Dealer Locator", "/dealer"],
        ["Warranty Registration", "/warranty"],
        ["Blog", "/blog"],
      ] as const) {
        const card = page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: section, exact: true }) });
        await expect(card.getByRole("link")).toHaveAttribute("href", target);
      }

      const why = page.locator("section", {
        has: page.getByRole("heading", { name: "Why Choose Us?" }),
      });
      await expect(why.getByRole("listitem")).toHaveCount(6);
      for (const reason of [
        "Save time",
        "Trusted",
        "Easy installation",
        "Fast delivery",
        "Affordable pricing",
        "24/7 support",
      ]) {
        await expect(why.getByRole("heading", { name: reason })).toBeVisible();
      }

      const carousel = page.getByTestId("testimonial-carousel");
      await expect(carousel.getByTestId("testimonial-slide")).toHaveCount(5);
      await expect(carousel.getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(5);

      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText(`© ${new Date().getFullYear()} UrjaCell`);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("header and footer links call each place by its one name and lead to it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await page.goto("/");
    const headerNav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    for (const [label, href] of headerLinks) {
      await expect(headerNav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(page.getByRole("link", { name: /^Cart, 0 items$/ })).toHaveAttribute(
      "href",
      "/cart",
    );
    const footer = page.getByRole("contentinfo");
    for (const [label, href] of footerLinks) {
      await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }

    // Every link leads to a page, headed with the link's name (issue 21: the header called the
    // finder "Find by Details" and the dealers' page "Find a Dealer", and two links led nowhere).
    for (const [label, href] of [...headerLinks, ...footerLinks]) {
      await page.goto("/does-not-exist");
      const scope = headerLinks.some(([l]) => l === label) ? headerNav : footer;
      await scope.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(headings.get(href) ?? "");
    }
    await page.goto("/does-not-exist");
    await page.getByRole("banner").getByRole("link", { name: "UrjaCell logo UrjaCell" }).click();
    await expect(page).toHaveURL("/");
  });

  test("profile menu asks a visitor to sign in", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Account menu").click();
    await expect(page.getByText("Please sign in")).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await page.keyboard.press("Escape");
    await expect(page.getByText("Please sign in")).toBeHidden();
  });

  test("the mobile drawer opens, traps focus, closes with Escape and navigates", async ({
    page,
  }) => {
    await page.setViewportSize({ width: widths.phone, height: 800 });
    await page.goto("/does-not-exist");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("navigation", { name: "Main" })).toBeHidden();

    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const drawer = page.getByRole("dialog", { name: "Site menu" });
    await expect(drawer).toBeVisible();
    for (const [label, href] of headerLinks) {
      await expect(drawer.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }
    await page.keyboard.press("Tab");
    await expect
      .poll(() => drawer.evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();

    await open.press("Enter");
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(drawer).toBeHidden();
  });

  test("without JavaScript, the phone's menu button leads to the footer's links", async ({
    newVisitor,
  }) => {
    const page = await newVisitor({ javaScriptEnabled: false });
    await page.setViewportSize({ width: widths.phone, height: 800 });
    await page.goto("/does-not-exist");
    await page.getByRole("banner").getByRole("link", { name: "Menu", exact: true }).click();
    await expect(page).toHaveURL(/#footer-quick-links$/);
    const quickLinks = page.getByRole("navigation", { name: "Quick links" });
    await expect(quickLinks).toBeInViewport();
    await quickLinks.getByRole("link", { name: "All Products", exact: true }).click();
    await expect(page).toHaveURL("/allproduct");
  });

  test("the carousel shows 1, 2 and 3 testimonials by width", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const [width, expected] of [
      [widths.phone, 1],
      [widths.tablet, 2],
      [widths.desktop, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await page.getByTestId("testimonial-carousel").scrollIntoViewIfNeeded();
      await expect.poll(() => fullyVisibleSlides(page)).toBe(expected);
    }
  });

  test("the carousel plays on its own, pauses on hover, and stays still under reduced motion", async ({
    page,
  }) => {
    await page.clock.install();
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.goto("/");
    const carousel = page.getByTestId("testimonial-carousel");
    await carousel.scrollIntoViewIfNeeded();
    const firstCard = () => carousel.locator('[data-testid="testimonial-slide"] figure').first();
    await expect(firstCard()).toBeVisible();
    const start = await firstVisibleName(page);
    await expect.poll(() => firstVisibleName(page), { timeout: 6_000 }).not.toBe(start);

    // Hovering pauses it.
    await carousel.hover();
    await expectCarouselToStayPut(page);

    await page.mouse.move(0, 0);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await carousel.scrollIntoViewIfNeeded();
    await expectCarouselToStayPut(page);
    await expect(page.getByRole("button", { name: "Start automatic scrolling" })).toBeVisible();
  });

  test("under reduced motion, hovering over the carousel and leaving it does not start it", async ({
    page,
  }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.goto("/");
    const carousel = page.getByTestId("testimonial-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "Start automatic scrolling" })).toBeVisible();

    await carousel.locator(".overflow-hidden").hover();
    await page.mouse.move(0, 0);
    await expectCarouselToStayPut(page);
    await expect(page.getByRole("button", { name: "Start automatic scrolling" })).toBeVisible();
  });

  test("after Pause, hovering over the carousel and leaving it does not restart it", async ({
    page,
  }) => {
    await page.clock.install();
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.goto("/");
    const carousel = page.getByTestId("testimonial-carousel");
    await carousel.scrollIntoViewIfNeeded();

    await page.getByRole("button", { name: "Pause automatic scrolling" }).click();
    await expect(page.getByRole("button", { name: "Start automatic scrolling" })).toBeVisible();
    await carousel.locator(".overflow-hidden").hover();
    await page.mouse.move(0, 0);
    await expectCarouselToStayPut(page);
    await expect(page.getByRole("button", { name: "Start automatic scrolling" })).toBeVisible();
  });

  test("focusing the carousel's Next button pauses it", async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.goto("/");
    const carousel = page.getByTestId("testimonial-carousel");
    await carousel.scrollIntoViewIfNeeded();
    // It is playing (the mouse is elsewhere) ...
    await expect.poll(() => firstVisibleName(page)).not.toBeNull();
    const start = await firstVisibleName(page);
    await expect.poll(() => firstVisibleName(page), { timeout: 6_000 }).not.toBe(start);

    // ... until a keyboard user reaches its buttons.
    await page.getByRole("button", { name: "Next testimonial" }).focus();
    await expectCarouselToStayPut(page);
    await expect(page.getByRole("button", { name: "Pause automatic scrolling" })).toBeVisible();
  });

  test("an unknown address shows the styled 404 page with the site around it", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page).toHaveTitle("Page not found · UrjaCell");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("server", () => {
  test("health and readiness checks answer", async ({ request }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  test("pages are compressed, nonce-protected and hashed assets are cached for a year", async ({
    page,
    request,
  }) => {
    const res = await request.get("/", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers()["content-encoding"]).toBe("gzip");
    const csp = res.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    expect(html).toContain(`nonce="${nonce}"`);

    const assets: string[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/assets/")) assets.push(r.url());
    });
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
    expect(assets.length).toBeGreaterThan(0);
    const asset = await request.get(assets[0]!);
    expect(asset.headers()["cache-control"]).toContain("max-age=31536000");
    expect(asset.headers()["cache-control"]).toContain("immutable");
  });
});

test("a product page keeps All Products marked in the header", async ({ page }) => {
  const product = await createProduct({ tag: "NAV" });
  await page.goto(`/oneprod/${product.model}`);
  const allProducts = page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "All Products", exact: true });
  await expect(allProducts).toHaveClass(/nav-link-active/);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true }),
  ).not.toHaveClass(/nav-link-active/);
});

test("the carousel's code loads only when the testimonials come near the screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: widths.phone, height: 700 });
  const carouselCode: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/embla-carousel/.test(request.url())) carouselCode.push(request.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(carouselCode).toEqual([]);

  const carousel = page.getByTestId("testimonial-carousel");
  await carousel.scrollIntoViewIfNeeded();
  await expect.poll(() => carouselCode.length).toBeGreaterThan(0);
  // Once loaded it is a carousel: Next shows the following testimonial.
  const firstVisible = () =>
    carousel.evaluate((section) => {
      const viewport = section.querySelector(".overflow-hidden")?.getBoundingClientRect();
      const slide = [...section.querySelectorAll("figure")].find((figure) => {
        const box = figure.getBoundingClientRect();
        return viewport && box.left >= viewport.left - 1 && box.right <= viewport.right + 1;
      });
      return slide?.querySelector("figcaption span")?.textContent ?? null;
    });
  const before = await firstVisible();
  await carousel.getByRole("button", { name: "Next testimonial" }).click();
  await expect.poll(firstVisible).not.toBe(before);
});
