import { describe, expect, it } from "vitest";
import { safeRedirect } from "./http.server";

describe("safeRedirect", () => {
  it.each([
    ["/account", "/account"],
    ["/allproduct?capacity=40", "/allproduct?capacity=40"],
    ["/admin/user#top", "/admin/user#top"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/steal",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "account",
    "",
    null,
    undefined,
  ])("refuses %j", (input) => {
    expect(safeRedirect(input)).toBe("/");
  });
});
