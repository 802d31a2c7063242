import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { compileSource } from "./compile-source";
import { createTranslate } from "./translate";

describe("compileSource", () => {
  it.each([
    "plain text",
    "",
    "{name} and {other}",
    "Cart, {count, plural, one {# item} other {# items}}",
    "{count, plural, =0 {none} one {# by {who}} other {# reviews}}",
    "{n, plural, offset:1 one {# a} other {# b {g, select, x {#} other {y}}}}",
    "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
    "{kind, select, car {Car} other {Other}} # is plain outside a plural",
    "{n, number} {n, number, percent}",
    "Don't '{'quoted'}' and it''s",
    "Read the <0>guide</0>",
  ])("compiles %j as Lingui does", (source) => {
    expect(compileSource(source)).toEqual(compileMessageOrThrow(source));
  });

  it.each(["{count, plural, one {# item}", "{}", "a } b", "{count, plural, one}"])(
    "refuses the broken message %j",
    (source) => {
      expect(() => compileSource(source)).toThrow(/message/);
    },
  );

  it("lets English pages write plurals with no catalogue", () => {
    const { t } = createTranslate("en", {});
    expect(t("Cart, {count, plural, one {# item} other {# items}}", { count: 1 })).toBe(
      "Cart, 1 item",
    );
    expect(t("{count, plural, one {# battery} other {# batteries}}", { count: 12500 })).toBe(
      "12,500 batteries",
    );
    expect(t("Hello {name}", { name: "Asha" })).toBe("Hello Asha");
  });
});
