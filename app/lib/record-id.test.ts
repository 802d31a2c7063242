import { describe, expect, it } from "vitest";
import { recordIdSchema } from "./record-id";

describe("recordIdSchema", () => {
  const postedId = (value: unknown) => {
    const parsed = recordIdSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };

  it("reads a positive whole number", () => {
    expect(postedId("42")).toBe(42);
    expect(postedId("2147483647")).toBe(2_147_483_647);
  });

  it("gives null for anything a database id cannot be", () => {
    for (const value of [
      undefined,
      "",
      "0",
      "-1",
      "1.5",
      "1e3",
      "abc",
      " 7",
      "2147483648",
      "99999999999",
    ]) {
      expect(postedId(value), String(value)).toBeNull();
    }
  });
});
