import { addDays, formatDay, indiaDayOf, isoWeekday } from "~/lib/india-time";
import { createOutlet } from "./control";
import { expect, type Page, test } from "./fixtures";
import { expectNoSeriousA11yViolations, widths } from "./helpers";

/** A city name no other test uses, so a city search finds this test's outlets alone. */
function testCity() {
  const letters = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.replace(
    /[0-9]/g,
    (d) => "abcdefghij"[Number(d)] ?? "",
  );
  return `Testpur ${letters}`;
}

/** Map tiles come from the internet, which tests do not use: refused at once. */
async function offlineTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

/**
 * The first day from two days ahead (in India, by the clock the store also runs on), or from
 * `from`, that a centre open on these days is open: every slot of it is still to come, whatever
 * the hour.
 */
function bookableDay(
  openDays: number[] = [1, 2, 3, 4, 5, 6, 7],
  from = addDays(indiaDayOf(new Date()), 2),
): string {
  let day = from;
  while (!openDays.includes(isoWeekday(day))) day = addDays(day, 1);
  return day;
}
const day = bookableDay();

type Dialog = ReturnType<Page["getByRole"]>;

async function fillDetails(dialog: Dialog, email: string) {
  await dialog.getByLabel("Your Name").fill("Asha Patel");
  await dialog.getByLabel("Your Email").fill(email);
  await dialog.getByLabel("Phone").fill("+91 98765 43210");
  await dialog.getByLabel("Vehicle Model").fill("Maruti Swift");
  await dialog.getByLabel("Battery issue").selectOption({ label: "Low Voltage" });
}

async function fillBooking(dialog: Dialog, email: string) {
  await fillDetails(dialog, email);
  await dialog.getByLabel("Date").fill(day);
}

/** The details fillDetails typed are all still there. */
async function expectDetailsKept(dialog: Dialog, email: string) {
  await expect(dialog.getByLabel("Your Name")).toHaveValue("Asha Patel");
  await expect(dialog.getByLabel("Your Email")).toHaveValue(email);
  await expect(dialog.getByLabel("Phone")).toHaveValue("+91 98765 43210");
  await expect(dialog.getByLabel("Vehicle Model")).toHaveValue("Maruti Swift");
  await expect(dialog.getByLabel("Battery issue")).toHaveValue("low_voltage");
}

test.describe("find a dealer", () => {
  test.use({ viewport: { width: widths.desktop, height: 900 } });

  test("searches by city in any case, and a chosen dealer recentres the map", async ({ page }) => {
    const city = testCity();
    const near = await createOutlet({
      kind: "dealer",
      tag: "Alpha Batteries",
      city,
      lat: 23.03,
      lng: 72.56,
    });
    const far = await createOutlet({
      kind: "dealer",
      tag: "Beta Batteries",
      city,
      lat: 23.1,
      lng: 72.6,
    });
    await offlineTiles(page);
    await page.goto("/dealer");
    await expect(page.getByRole("heading", { name: "Dealer Locator", level: 1 })).toBeVisible();

    // Search with both boxes empty: the notice, and every dealer.
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Please enter a pincode or a city")).toBeVisible();

    await page.getByLabel("City").fill(`  ${city.toUpperCase()} `);
    await page.getByRole("button", { name: "Search" }).click();
    const outlets = page.getByTestId("outlet");
    await expect(outlets).toHaveCount(2);
    await expect(outlets.nth(0).getByRole("heading")).toHaveText(near.name);
    await expect(outlets.nth(1)).toContainText(`${far.address}, ${city}`);
    await expect(outlets.nth(1)).toContainText(
      "Mon–Sun 9:00 am – 7:00 pm".replace("Mon–Sun", "Every day"),
    );
    await expect(outlets.nth(1).getByRole("link", { name: /Directions/ })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/dir/?api=1&destination=23.1,72.6",
    );

    // The map starts on the first dealer found; choosing the other recentres it there.
    const map = page.locator(".leaflet-container");
    await expect(map).toHaveAttribute("data-center", "23.03000,72.56000");
    await outlets
      .nth(1)
      .getByRole("button", { name: /Show on map/ })
      .click();
    await expect(map).toHaveAttribute("data-center", "23.10000,72.60000");
    await expect(outlets.nth(1)).toHaveAttribute("data-selected", "true");
    await expect(outlets.nth(1).getByRole("button", { name: /Show on map/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expectNoSeriousA11yViolations(page);
  });

  test("on a phone, Show on map brings the map, above the list, back into view", async ({
    page,
  }) => {
    const city = testCity();
    for (const [tag, lat] of [
      ["Delta Batteries", 23.01],
      ["Epsilon Batteries", 23.02],
      ["Zeta Batteries", 23.04],
      ["Eta Batteries", 23.05],
    ] as const) {
      await createOutlet({ kind: "dealer", tag, city, lat, lng: 72.57 });
    }
    await offlineTiles(page);
    await page.setViewportSize({ width: widths.phone, height: 740 });
    await page.goto(`/dealer?pincode=&city=${encodeURIComponent(city)}`);
    const map = page.locator(".leaflet-container");
    await expect(map).toHaveAttribute("data-center", /^23\.01/);
    const last = page.getByTestId("outlet").last();
    await last.getByRole("button", { name: /Show on map/ }).scrollIntoViewIfNeeded();
    await expect(map).not.toBeInViewport();
    await last.getByRole("button", { name: /Show on map/ }).click();
    await expect(map).toHaveAttribute("data-center", "23.04000,72.57000");
    await expect(map).toBeInViewport({ ratio: 0.9 });
  });

  test("lists dealers without JavaScript, the map's place kept for it", async ({ newVisitor }) => {
    const city = testCity();
    const dealer = await createOutlet({ kind: "dealer", tag: "Gamma Batteries", city });
    const page = await newVisitor({ javaScriptEnabled: false });
    await page.goto(`/dealer?pincode=&city=${encodeURIComponent(city)}`);
    await expect(page.getByRole("heading", { name: dealer.name })).toBeVisible();
    // It says where the addresses are (issue 21: it said the map would appear "once the page
    // has loaded", which without JavaScript it never does).
    await expect(page.getByTestId("map-placeholder")).toHaveText(
      "Each dealer's address, phone and directions are in the list on this page.",
    );
  });
});

test.describe("book a service", () => {
  test.use({ viewport: { width: widths.phone, height: 800 } });

  test("a customer books a slot, sees the reference, finds it in the account and cancels it", async ({
    page,
    customer,
  }) => {
    test.setTimeout(60_000);
    const city = testCity();
    const centre = await createOutlet({ kind: "service_centre", tag: "Urja Service", city });
    await offlineTiles(page);
    await page.goto(`/service?pincode=&city=${encodeURIComponent(city)}`);
    await expect(page.getByRole("heading", { name: "Book Service", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: `Book Service at ${centre.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Book a Service Appointment" });
    // Signed in: name and e-mail are filled in already.
    await expect(dialog.getByLabel("Your Email")).toHaveValue(customer.email);
    await fillBooking(dialog, customer.email);
    await expect(page).toHaveURL(new RegExp(`date=${day}`));
    // With JavaScript the slots follow the date at once: no "Show times" to press.
    await expect(dialog.getByText(`Times on ${formatDay(day)}`)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Show times" })).toHaveCount(0);
    await dialog.getByLabel("Time").selectOption("11:00");
    await expect(dialog.getByLabel("Time")).toHaveValue("11:00");
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Book Now" }).click();

    const reference = await dialog.getByTestId("booking-reference").textContent();
    expect(reference).toMatch(/^SB-[A-Z2-9]{8}$/);
    await dialog.getByRole("link", { name: "See your bookings" }).click();
    const booking = page.getByTestId("customer-booking").filter({ hasText: reference ?? "" });
    await expect(booking).toContainText(centre.name);
    await expect(booking.getByTestId("booking-status")).toHaveText("Requested");
    // Asked first: "Keep booking" keeps it, "Cancel booking" cancels it.
    await booking.getByRole("button", { name: /Cancel booking/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Keep booking" }).click();
    await expect(booking.getByTestId("booking-status")).toHaveText("Requested");
    await booking.getByRole("button", { name: /Cancel booking/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
    await expect(booking.getByTestId("booking-status")).toHaveText("Cancelled");
    await expect(booking.getByRole("button", { name: /Cancel booking/ })).toHaveCount(0);
  });

  test("a slot filled while the visitor was choosing is refused with the spec's message", async ({
    page,
    newVisitor,
  }) => {
    const city = testCity();
    const centre = await createOutlet({
      kind: "service_centre",
      tag: "One Bay",
      city,
      bookingCapacity: 1,
    });
    const dialogAt = async (visitor: Page) => {
      await offlineTiles(visitor);
      await visitor.goto(`/service?city=${encodeURIComponent(city)}&book=${centre.id}&date=${day}`);
      return visitor.getByRole("dialog", { name: "Book a Service Appointment" });
    };
    const slow = await dialogAt(page);
    await fillBooking(slow, "slow@example.in");
    await slow.getByLabel("Time").selectOption("10:00");

    // Someone else takes the centre's only place at 10:00 meanwhile.
    const other = await newVisitor();
    const quick = await dialogAt(other);
    await fillBooking(quick, "quick@example.in");
    await quick.getByLabel("Time").selectOption("10:00");
    await quick.getByRole("button", { name: "Book Now" }).click();
    await expect(quick.getByTestId("booking-reference")).toBeVisible();

    await slow.getByRole("button", { name: "Book Now" }).click();
    await expect(slow.getByText("That time is fully booked, please choose another")).toBeVisible();
    await expect(slow.getByLabel("Your Email")).toHaveValue("slow@example.in");
    await expect(slow.getByLabel("Time")).toHaveAttribute("aria-invalid", "true");
  });

  test("books without JavaScript too: Show times gives the typed day's slots, keeping the details", async ({
    newVisitor,
  }) => {
    const city = testCity();
    const weekdays = [1, 2, 3, 4, 5, 6];
    const centre = await createOutlet({
      kind: "service_centre",
      tag: "Plain Form",
      city,
      openDays: weekdays,
    });
    const chosen = bookableDay(weekdays);
    let sunday = addDays(indiaDayOf(new Date()), 1);
    while (isoWeekday(sunday) !== 7) sunday = addDays(sunday, 1);
    const email = "plain@example.in";
    const page = await newVisitor({ javaScriptEnabled: false });
    await page.goto(`/service?pincode=&city=${encodeURIComponent(city)}`);
    await page.getByRole("link", { name: `Book Service at ${centre.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Book a Service Appointment" });
    await fillDetails(dialog, email);

    // A day the centre is closed: said next to the date, the details kept.
    await dialog.getByLabel("Date").fill(sunday);
    await dialog.getByRole("button", { name: "Show times" }).click();
    await expect(dialog.getByLabel("Date")).toHaveAttribute("aria-invalid", "true");
    await expect(
      dialog.getByText("The centre is closed that day; it is open Mon–Sat"),
    ).toBeVisible();
    await expectDetailsKept(dialog, email);

    // An open day: its own slots, each with its places left.
    await dialog.getByLabel("Date").fill(chosen);
    await dialog.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]date=${chosen}(&|$)`));
    await expect(dialog.getByText(`Times on ${formatDay(chosen)}`)).toBeVisible();
    await expect(dialog.getByLabel("Date")).toHaveValue(chosen);
    await expectDetailsKept(dialog, email);
    const time = dialog.getByLabel("Time");
    await expect(time.getByRole("option", { name: "9:00 am (2 places left)" })).toBeEnabled();
    await time.selectOption("09:00");

    // Another open day: the chosen time is kept where that day still has a place at it.
    const next = bookableDay(weekdays, addDays(chosen, 1));
    await dialog.getByLabel("Date").fill(next);
    await dialog.getByRole("button", { name: "Show times" }).click();
    await expect(dialog.getByText(`Times on ${formatDay(next)}`)).toBeVisible();
    await expect(time).toHaveValue("09:00");
    await expectDetailsKept(dialog, email);
    await dialog.getByRole("button", { name: "Book Now" }).click();
    const confirmation = page.getByTestId("booking-confirmation");
    await expect(confirmation).toContainText("Booking requested");
    await expect(confirmation).toContainText(`${formatDay(next)} at 9:00 am`);
    await expect(confirmation).toContainText(email);

    // Done goes back to the search, without the form's values in the address.
    await confirmation.getByRole("link", { name: "Done" }).click();
    await expect(page).toHaveURL(`/service?${new URLSearchParams({ pincode: "", city })}`);
  });
});
