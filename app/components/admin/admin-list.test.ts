import { describe, expect, it } from "vitest";
import { countText } from "./admin-list";

describe("an admin list's count", () => {
  const noun: [string, string] = ["order", "orders"];

  it.each([
    [0, false, "0 orders"],
    [1, false, "1 order"],
    [2, false, "2 orders"],
    [0, true, "0 orders match"],
    [1, true, "1 order matches"],
    [23, true, "23 orders match"],
  ])("of %i (searched: %s) reads “%s”", (total, filtered, expected) => {
    expect(countText(total, noun, filtered)).toBe(expected);
  });
});
