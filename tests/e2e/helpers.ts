import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** The page's serious and critical axe violations, once no toast is fading in or out (axe would
 * measure its contrast half-transparent). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          !(animation.effect as KeyframeEffect | null)?.target?.closest?.("[data-sonner-toaster]"),
      ),
  );
  // Legacy mode runs axe in the page itself: the default runs it frame by frame and then opens a
  // blank page of its own to put the results together, which doubled each scan's time. The store's
  // pages have no frames. Only violations are reported in full (passes are not read here).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * Runs axe on the page and fails on any serious or critical violation, listing them. A toast that
 * appears while axe runs (a flash message shown once the page has hydrated) can be caught on its
 * way in: the scan is run again for a few seconds, so only a violation that stays fails.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await expect(async () => {
    expect(await seriousViolations(page)).toEqual([]);
    // One pass of axe over a long page (the catalogue with every test's batteries) takes seconds
    // on a busy 2-core machine: the time allows a pass or two, retried only on violations.
  }).toPass({ timeout: 20_000 });
}

export const widths = { phone: 375, tablet: 800, desktop: 1280 } as const;

/** Resolves once React has hydrated the element with this id (it carries React's props). */
export async function hydrated(page: Page, id: string) {
  await page.waitForFunction((elementId) => {
    const element = document.getElementById(elementId);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  }, id);
}

/**
 * Resolves once the page's dialog is a true modal, which its scripts make it when they hydrate
 * it. Until then (they load after the first paint, ADR 046) it is an open <dialog> as drawn
 * without JavaScript: Escape does not close it, and a key pressed that early is lost.
 */
export async function dialogIsModal(page: Page) {
  await page.waitForFunction(() => document.querySelector("dialog:modal") !== null);
}

/** Counts the loads of a route's data (`${pathname}.data`): navigations and fetcher loads. */
export function countDataLoads(page: Page, pathname: string) {
  const loads = { count: 0 };
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `${pathname}.data`) loads.count += 1;
  });
  return loads;
}

/** Presses ArrowDown on the focused select until it shows `value` (a closed select: browsing). */
export async function arrowTo(page: Page, label: string, value: string) {
  const select = page.getByLabel(label, { exact: true });
  for (let i = 0; i < 40 && (await select.inputValue()) !== value; i += 1) {
    await page.keyboard.press("ArrowDown");
  }
  await expect(select).toHaveValue(value);
}

/** Fills the checkout dialog's delivery details: Asha Kumari in Ahmedabad unless told otherwise
 * (the pincode left as it is when `pincode` is null). */
export async function fillDeliveryDetails(
  dialog: Locator,
  values: { name?: string; pincode?: string | null; state?: string | null } = {},
) {
  await dialog.getByLabel("Name", { exact: true }).fill(values.name ?? "Asha Kumari");
  await dialog.getByLabel("Mobile number").fill("98765 43210");
  await dialog.getByLabel("Flat, house no., building").fill("Flat 4B, Shanti Apartments");
  await dialog.getByLabel("Area, street, sector, village").fill("12 MG Road, Navrangpura");
  await dialog.getByLabel("City").fill("Ahmedabad");
  if (values.pincode !== null) await dialog.getByLabel("Pincode").fill(values.pincode ?? "380009");
  // The State (issue 24): the pincode's when the directory knows it; a test's own pincode is not
  // in it, so the State is chosen as a customer would.
  if (values.state !== null) {
    await dialog.getByLabel("State", { exact: true }).selectOption(values.state ?? "Gujarat");
  }
}

/**
 * Asks until the answer comes from the store's page cache (its X-Cache is "hit"), up to ten
 * times: another test's change (a new product from the control port) may empty the cache between
 * any two requests, more often the more workers run.
 */
export async function keptAnswer<T>(
  load: () => Promise<T>,
  cacheOf: (answer: T) => string | null | undefined,
): Promise<T> {
  let answer = await load();
  for (let attempt = 1; attempt < 10 && cacheOf(answer) !== "hit"; attempt++) answer = await load();
  expect(cacheOf(answer), "never answered from the cache").toBe("hit");
  return answer;
}
