import { createBooking, createOrder, createOutlet } from "./control";
import { createProduct, createUser, expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

type Locator = ReturnType<Page["locator"]>;

/** The page itself is no wider than the screen (only the table's own box may scroll). */
async function expectNoPageScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(widths.phone);
}

/** Seen on the screen as it is, without scrolling the page or the table. */
async function expectOnScreen(target: Locator, page: Page) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.width);
}

/** A button a finger hits: at least 44 × 44 px. */
async function expectTapTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

/** Tabbing from the search bar's last control reaches the table's scroll region. */
async function expectRegionReachedByTab(page: Page, region: Locator) {
  await page.getByRole("link", { name: "Clear" }).focus();
  await page.keyboard.press("Tab");
  await expect(region).toBeFocused();
}

const productHeaders = [
  "Image",
  "Model",
  "Category",
  "Specs",
  "Price",
  "Stock",
  "State",
  "Actions",
];
const userHeaders = ["Name", "E-mail", "Role", "Status", "Joined", "Actions"];

/**
 * One admin list on a phone, opened at `path` (searched down to one row): the page never scrolls
 * sideways, the row's name and buttons are in view and big enough, the secondary columns wait
 * for a wider screen (so the table fits, with no scroll hint), and Tab reaches the table.
 */
async function expectPhoneList(
  page: Page,
  list: { path: string; title: string; rowTestId: string; name: string; hidden: string[] },
  buttons: (row: Locator) => Locator[],
) {
  await page.goto(list.path);
  await expect(page.getByRole("heading", { name: list.title })).toBeVisible();
  await expectNoPageScroll(page);

  const row = page.getByTestId(list.rowTestId).filter({ hasText: list.name });
  await expectOnScreen(row.getByRole("cell", { name: list.name, exact: true }), page);
  for (const button of buttons(row)) {
    await expectOnScreen(button, page);
    await expectTapTarget(button);
  }
  for (const name of list.hidden) {
    await expect(page.getByRole("columnheader", { name })).toBeHidden();
  }
  await expect(page.getByText("Scroll for more →")).toBeHidden();

  await expectRegionReachedByTab(page, page.getByRole("region", { name: `${list.title} table` }));
  await expectNoSeriousA11yViolations(page);
}

test.describe("admin lists on a phone", () => {
  test.use({ viewport: { width: widths.phone, height: 800 } });

  test("products: model, price, Edit and Delete in view; the page never scrolls sideways", async ({
    page,
    admin: _,
  }) => {
    const { model } = await createProduct({ tag: "PHONE" });
    await expectPhoneList(
      page,
      {
        path: `/admin/product?q=${encodeURIComponent(model)}`,
        title: "Products",
        rowTestId: "product-row",
        name: model,
        hidden: ["Category", "Specs", "Stock", "State"],
      },
      (row) => [
        row.getByRole("link", { name: `Edit ${model}` }),
        row.getByRole("button", { name: `Delete ${model}` }),
      ],
    );
  });

  test("users: name, Edit and Ban in view; the page never scrolls sideways", async ({
    page,
    admin: _,
  }) => {
    const { name, email } = await createUser({ signedIn: false });
    await expectPhoneList(
      page,
      {
        path: `/admin/user?q=${encodeURIComponent(email)}`,
        title: "Users",
        rowTestId: "user-row",
        name,
        hidden: ["E-mail", "Role", "Joined"],
      },
      (row) => [
        row.getByRole("link", { name: `Edit ${name}` }),
        row.getByRole("button", { name: `Ban ${name}` }),
      ],
    );
  });
});

test.describe("the back office on a phone", () => {
  test.use({ viewport: { width: widths.phone, height: 800 } });

  // Issue 21: /admin/order and /admin/bookings were 608 and 630 px wide on a 375 px screen (a
  // row's screen-reader-only text stuck out of the table's scroll region).
  test("orders and bookings never scroll sideways; their rows keep their own scroll", async ({
    page,
    admin,
  }) => {
    const customer = await createUser({
      signedIn: false,
      email: `a-rather-long-address-${Date.now()}@example.in`,
    });
    const product = await createProduct({ tag: "PHONEORD" });
    const { number } = await createOrder({ userId: customer.id, productId: product.id });
    await page.goto(`/admin/order?q=${number}`);
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await expectNoPageScroll(page);
    await expectOnScreen(page.getByRole("link", { name: `#${number}` }), page);
    await expectNoSeriousA11yViolations(page);

    const centre = await createOutlet({ kind: "service_centre", tag: "Phone Centre" });
    const { reference } = await createBooking({
      outletId: centre.id,
      date: "2030-01-15",
      time: "10:00",
      email: customer.email,
    });
    await page.goto(`/admin/bookings?centre=${centre.id}`);
    await expect(page.getByTestId("booking-row")).toHaveCount(1);
    await expect(page.getByTestId("booking-row")).toContainText(reference);
    await expectNoPageScroll(page);
    await expectNoSeriousA11yViolations(page);
    expect(admin.role).toBe("admin");
  });

  test("the menu names every section, opens by keyboard and without JavaScript", async ({
    page,
    admin: _,
    newVisitor,
  }) => {
    await page.goto("/admin/order");
    const menu = page.getByTestId("admin-phone-menu");
    // No rail of bare icons: the sections are behind a Menu button that says where you are.
    await expect(page.getByTestId("admin-sidebar")).toBeHidden();
    const button = menu.locator("summary");
    await expect(button).toHaveText("Menu, now at Orders");
    await button.focus();
    await page.keyboard.press("Enter");
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const name of ["Dashboard", "Orders", "Service bookings", "Settings"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await nav.getByRole("link", { name: "Service bookings", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    await expect(nav).toBeHidden();
    await expectNoPageScroll(page);

    const plain = await newVisitor({ javaScriptEnabled: false, user: _ });
    await plain.setViewportSize({ width: widths.phone, height: 800 });
    await plain.goto("/admin");
    await plain.getByTestId("admin-phone-menu").locator("summary").click();
    await plain
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Orders" })
      .click();
    await expect(plain).toHaveURL(/\/admin\/order$/);
  });
});

test.describe("admin lists wider than their box", () => {
  test.use({ viewport: { width: widths.tablet, height: 800 } });

  test("say 'Scroll for more' until the keyboard has scrolled the table to its end", async ({
    page,
    admin: _,
  }) => {
    const product = await createProduct({ tag: "TABLET" });
    await page.goto(`/admin/product?q=${encodeURIComponent(product.model)}`);
    const region = page.getByRole("region", { name: "Products table" });
    const hint = page.getByText("Scroll for more →");
    await expect(hint).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await expectRegionReachedByTab(page, region);
    const scrolledToEnd = () =>
      region.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1);
    expect(await scrolledToEnd()).toBe(false);
    // Each arrow press moves the table (smoothly) a step to the right, until its end. A press's
    // smooth scroll may still be running when the next step reads the position, and may reach
    // the end meanwhile: a step waits until the table moved on or is at its end (it once read
    // "not at the end", then the end, and waited for a move that could not come).
    for (let step = 0; step < 40 && !(await scrolledToEnd()); step++) {
      const left = await region.evaluate((el) => el.scrollLeft);
      await page.keyboard.press("ArrowRight");
      await expect
        .poll(() =>
          region.evaluate(
            (el, before) =>
              el.scrollLeft > before || el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
            left,
          ),
        )
        .toBe(true);
    }
    expect(await scrolledToEnd()).toBe(true);
    await expect(hint).toBeHidden();
    await expectOnScreen(page.getByRole("button", { name: `Delete ${product.model}` }), page);
  });
});

test.describe("admin lists on a desktop", () => {
  test.use({ viewport: { width: widths.desktop, height: 900 } });

  test("show every column, with no scroll hint", async ({ page, admin }) => {
    const product = await createProduct({ tag: "DESK" });
    await page.goto(`/admin/product?q=${encodeURIComponent(product.model)}`);
    for (const name of productHeaders) {
      await expect(page.getByRole("columnheader", { name })).toBeVisible();
    }
    await expect(page.getByText("Scroll for more →")).toBeHidden();
    // A row's buttons sit side by side (they stack only on a phone).
    const edit = await page.getByRole("link", { name: `Edit ${product.model}` }).boundingBox();
    const remove = await page
      .getByRole("button", { name: `Delete ${product.model}` })
      .boundingBox();
    expect(remove!.y).toBe(edit!.y);

    await page.goto(`/admin/user?q=${encodeURIComponent(admin.email)}`);
    for (const name of userHeaders) {
      await expect(page.getByRole("columnheader", { name })).toBeVisible();
    }
    await expect(page.getByText("Scroll for more →")).toBeHidden();
  });
});
