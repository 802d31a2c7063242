import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { compile } from "./catalogue.server";
import { localeOfPath, localePath, stripLocale } from "./locales";
import { richText } from "./react";
import { createTranslate } from "./translate";

const hindi = createTranslate("hi", {
  "Your cart is empty": compile("आपका कार्ट खाली है"),
  "{count, plural, one {# battery} other {# batteries}}": compile(
    "{count, plural, one {# बैटरी} other {# बैटरियाँ}}",
  ),
  "Total {total, number}": compile("कुल {total, number}"),
  "Order #{number} placed. Thank you!": compile("ऑर्डर #{number} हो गया। धन्यवाद!"),
  "A booking that is {from} cannot become {to}": compile("जो बुकिंग {from} है, वह {to} नहीं हो सकती"),
  cancelled: compile("रद्द"),
  "Read the <0>guide</0>": compile("<0>गाइड</0> पढ़ें"),
});

describe("a translator", () => {
  it("gives a message in the language, with plurals and Indian digit grouping", () => {
    expect(hindi.t("Your cart is empty")).toBe("आपका कार्ट खाली है");
    expect(hindi.t("{count, plural, one {# battery} other {# batteries}}", { count: 1 })).toBe(
      "1 बैटरी",
    );
    expect(hindi.t("{count, plural, one {# battery} other {# batteries}}", { count: 3 })).toBe(
      "3 बैटरियाँ",
    );
    expect(hindi.t("Total {total, number}", { total: 1234567 })).toBe("कुल 12,34,567");
  });

  it("falls back to the English source, its arguments filled, for a message it does not hold", () => {
    expect(hindi.t("Hello {name}", { name: "Asha" })).toBe("Hello Asha");
  });

  it("translates a sentence the server wrote in English, by itself or by its template", () => {
    expect(hindi.text("Your cart is empty")).toBe("आपका कार्ट खाली है");
    expect(hindi.text("Order #1042 placed. Thank you!")).toBe("ऑर्डर #1042 हो गया। धन्यवाद!");
    // A value that is itself a known word is given in the language too.
    expect(hindi.text("A booking that is cancelled cannot become confirmed")).toBe(
      "जो बुकिंग रद्द है, वह confirmed नहीं हो सकती",
    );
    expect(hindi.text("Something nobody translated")).toBe("Something nobody translated");
    expect(hindi.text("")).toBe("");
  });

  it("draws a message's tags with the parts given", () => {
    const html = renderToStaticMarkup(
      <p>
        {richText(hindi.t("Read the <0>guide</0>"), { 0: (text) => <a href="/blog">{text}</a> })}
      </p>,
    );
    expect(html).toBe('<p><a href="/blog">गाइड</a> पढ़ें</p>');
  });
});

describe("addresses in a language", () => {
  it("reads and writes the language prefix", () => {
    expect(localeOfPath("/hi/allproduct")).toBe("hi");
    expect(localeOfPath("/gu")).toBe("gu");
    expect(localeOfPath("/hindi")).toBe("en");
    expect(localeOfPath("/allproduct")).toBe("en");
    expect(stripLocale("/hi/cart")).toBe("/cart");
    expect(stripLocale("/gu")).toBe("/");
    expect(stripLocale("/guide")).toBe("/guide");
    expect(localePath("hi", "/")).toBe("/hi");
    expect(localePath("gu", "/allproduct?category=car")).toBe("/gu/allproduct?category=car");
    expect(localePath("hi", "/?q=x")).toBe("/hi?q=x");
    expect(localePath("en", "/cart")).toBe("/cart");
  });
});
