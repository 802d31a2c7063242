import { describe, expect, it } from "vitest";
import { changeOf, describeChange } from "./change";

describe("changeOf", () => {
  it.each([
    [125, 100, { kind: "up", percent: 25 }],
    [50, 100, { kind: "down", percent: 50 }],
    [0, 100, { kind: "down", percent: 100 }],
    [3, 0, { kind: "new" }],
    [0, 0, { kind: "same" }],
    [7, 7, { kind: "same" }],
    [2, 3, { kind: "down", percent: 33 }],
    [1_500, 1, { kind: "up", percent: 149_900 }],
  ])("%d against %d", (current, previous, change) => {
    expect(changeOf(current, previous)).toEqual(change);
  });

  it("says the change in words, with Indian grouping", () => {
    const against = "on the previous 30 days";
    expect(describeChange(changeOf(1_500, 1), against)).toBe(
      "up 1,49,900% on the previous 30 days",
    );
    expect(describeChange(changeOf(1, 2), against)).toBe("down 50% on the previous 30 days");
    expect(describeChange(changeOf(1, 0), against)).toBe("new: none on the previous 30 days");
    expect(describeChange(changeOf(0, 0), against)).toBe("no change on the previous 30 days");
  });
});
