import { describe, expect, it } from "vitest";
import { isLoopbackAddress, pageRoute, StoreMetrics } from "./metrics";

describe("route labels", () => {
  it("are React Router's patterns with a leading slash, data requests marked as such", () => {
    expect(pageRoute("/oneprod/AB-12", "oneprod/:model")).toBe("/oneprod/:model");
    expect(pageRoute("/hi/oneprod/AB-12.data", "oneprod/:model")).toBe("/oneprod/:model.data");
    expect(pageRoute("/", "/")).toBe("/");
    expect(pageRoute("/_root.data", "/")).toBe("/_root.data");
    expect(pageRoute("/anything/at/all", "*")).toBe("/*");
    expect(pageRoute("/anything/at/all", null)).toBe("unmatched");
  });
});

describe("loopback", () => {
  it("is 127.0.0.0/8 and ::1, also as IPv4 mapped into IPv6, and nothing else", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [
      undefined,
      "",
      "10.0.0.1",
      "::ffff:10.0.0.1",
      "128.0.0.1",
      "::2",
      "fe80::1",
      "localhost",
      "127.0.0.1.evil",
    ]) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
  });
});

describe("tallied events", () => {
  it("count under their name, and a name that is no metric name is not counted", async () => {
    const metrics = new StoreMetrics();
    metrics.tally("orders_placed");
    metrics.tally("orders_placed");
    metrics.tally("bookings_made");
    metrics.tally("Bad name {x}");
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^orders_placed_total 2$/m);
    expect(text).toMatch(/^# HELP bookings_made_total Times the store tallied "bookings_made"\.$/m);
    expect(text).toMatch(/^bookings_made_total 1$/m);
    expect(text).not.toContain("Bad name");
  });
});
