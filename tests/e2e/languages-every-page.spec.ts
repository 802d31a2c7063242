import type { Page } from "@playwright/test";
import { englishWordsIn } from "~/lib/i18n/allowed-english";
import {
  createOutlet,
  createPaidOrder,
  createProduct,
  createUser,
  createWarranty,
} from "./control";
import { expect, test } from "./fixtures";

/**
 * Every public page in Hindi and in Gujarati has no English left in its own text (issue 26):
 * headings, labels, buttons, links, help, accessible names (aria-label, alt, title,
 * placeholder) and the title. What is not the store's own words is left out: what the records
 * say (a product's, an outlet's, a customer's name and address, which stay as they were
 * written), anything marked `lang="en"` (content not yet translated) or `translate="no"`, and
 * the allowed words (brands, units, GST, UPI: app/lib/i18n/allowed-english.ts).
 */

/**
 * The page's own text and accessible names, and apart from it the content marked English or
 * untranslatable (whose words, a name, may also appear inside the page's own sentences).
 */
function ownText(page: Page): Promise<{ own: string; content: string }> {
  return page.evaluate(() => {
    const own: string[] = [document.title];
    const content: string[] = [];
    const walk = (node: Node, out: string[]) => {
      if (node.nodeType === Node.TEXT_NODE) {
        out.push(node.nodeValue ?? "");
        return;
      }
      if (!(node instanceof Element)) return;
      if (["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "svg"].includes(node.tagName)) return;
      const lang = node.getAttribute("lang");
      const marked =
        (lang && lang !== "hi-IN" && lang !== "gu-IN") || node.getAttribute("translate") === "no";
      const into = marked ? content : out;
      for (const name of ["aria-label", "alt", "title", "placeholder"]) {
        const value = node.getAttribute(name);
        if (value) into.push(value);
      }
      for (const child of node.childNodes) walk(child, into);
    };
    walk(document.body, own);
    return { own: own.join("\n"), content: content.join("\n") };
  });
}

/** Addresses, e-mail addresses and domains are not words of a language. */
const notWords = (text: string) =>
  text.replace(/\S+@\S+|https?:\/\/\S+|\b[\w-]+\.(?:in|com|org)\b\S*/g, " ");

for (const locale of ["hi", "gu"] as const) {
  test(`every public page in ${locale === "hi" ? "Hindi" : "Gujarati"} has no English in its own words`, async ({
    customer,
    page,
    newVisitor,
  }) => {
    test.setTimeout(240_000);
    const admin = await createUser({ role: "admin", signedIn: false });
    const product = await createProduct({ tag: "LG", category: "car" });
    const dealer = await createOutlet({ kind: "dealer", tag: "Lang Dealer" });
    const centre = await createOutlet({ kind: "service_centre", tag: "Lang Centre" });
    const order = await createPaidOrder({
      userId: customer.id,
      productId: product.id,
      adminId: admin.id,
      paidAt: new Date().toISOString(),
    });
    const warranty = await createWarranty({ productId: product.id, userId: customer.id });
    await page.goto("/blog");
    const article = await page.locator('a[href^="/blog/"]').first().getAttribute("href");
    expect(article).toBeTruthy();

    // What the records say, which no catalogue translates.
    const content = new Set(
      [
        product.model,
        // The control port's description (a product's own text, shown lang="en" until translated).
        "A battery made by a browser test.",
        dealer.name,
        dealer.address,
        dealer.city,
        dealer.state,
        centre.name,
        centre.address,
        customer.name,
        "Asha Patel",
      ]
        .join(" ")
        .toLowerCase()
        .split(/[^a-z'’-]+/),
    );

    const shopperPages = [
      "/",
      "/allproduct",
      "/allproduct?category=car",
      `/oneprod/${encodeURIComponent(product.model)}`,
      "/findby",
      "/dealer",
      "/service",
      "/contactus",
      "/warranty",
      `/warranty/${warranty.id}`,
      `/warranty/${warranty.id}/claim`,
      "/blog",
      article as string,
      "/battery-health",
      "/inverter-sizing",
      "/account",
      "/account/orders",
      `/account/orders/${order.number}`,
      `/account/orders/${order.number}/invoice`,
      "/newsletter/confirm",
      "/newsletter/unsubscribe",
      "/no-such-page",
      "/cart",
    ];
    const visitorPages = [
      "/login",
      "/signup",
      "/forgot-password",
      "/reset-password",
      "/verify-email",
    ];
    const visitor = await newVisitor();

    const found: string[] = [];
    for (const [who, paths] of [
      [page, shopperPages],
      [visitor, visitorPages],
    ] as const) {
      for (const path of paths) {
        const address = `/${locale}${path === "/" ? "" : path}`;
        await who.goto(address);
        await expect(who.locator("html")).toHaveAttribute("lang", `${locale}-IN`);
        const text = await ownText(who);
        const names = new Set(text.content.toLowerCase().split(/[^a-z'’-]+/));
        const words = englishWordsIn(notWords(text.own)).filter(
          (word) => !content.has(word.toLowerCase()) && !names.has(word.toLowerCase()),
        );
        if (words.length > 0) found.push(`${address}: ${[...new Set(words)].join(", ")}`);
      }
    }
    expect(found).toEqual([]);
  });
}
