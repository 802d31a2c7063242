import { describe, expect, it } from "vitest";
import {
  defaultSettings,
  resolveSettings,
  settingsPatchSchema,
  storeSettingsSchema,
  upiIdSchema,
} from "./settings.schema";

describe("resolveSettings", () => {
  it("gives the defaults when nothing is stored", () => {
    const { settings, invalidKeys } = resolveSettings([]);
    expect(settings).toEqual(defaultSettings);
    expect(invalidKeys).toEqual([]);
  });

  it("lets stored values win over defaults", () => {
    const { settings } = resolveSettings([
      { key: "brandName", value: "Shakti Batteries" },
      { key: "supportEmail", value: "help@shakti.in" },
    ]);
    expect(settings.brandName).toBe("Shakti Batteries");
    expect(settings.supportEmail).toBe("help@shakti.in");
    expect(settings.tagline).toBe(defaultSettings.tagline);
  });

  it("falls back to the default for a stored value that breaks its rule, and reports it", () => {
    const { settings, invalidKeys } = resolveSettings([
      { key: "brandName", value: "" },
      { key: "upiPayeeId", value: "not a upi id" },
    ]);
    expect(settings.brandName).toBe(defaultSettings.brandName);
    expect(settings.upiPayeeId).toBeNull();
    expect(invalidKeys).toEqual(["brandName", "upiPayeeId"]);
  });

  it("ignores unknown keys such as internal markers", () => {
    const { settings } = resolveSettings([{ key: "system.demoSeededAt", value: "2026-01-01" }]);
    expect(settings).toEqual(defaultSettings);
    expect(storeSettingsSchema.safeParse(settings).success).toBe(true);
  });

  it("does not read inherited object keys as settings", () => {
    const { settings } = resolveSettings([{ key: "toString", value: "x" }]);
    expect(settings).toEqual(defaultSettings);
  });
});

describe("the pricing settings", () => {
  it("take a GST rate up to 40 % in hundredths, and whole paise for shipping", () => {
    const ok = { gstPercent: 18, shippingFeePaise: 9_900, freeShippingFromPaise: 500_000 };
    expect(settingsPatchSchema.safeParse(ok).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ gstPercent: 0.25 }).success).toBe(true);
    for (const bad of [
      { gstPercent: -1 },
      { gstPercent: 41 },
      { gstPercent: 18.005 },
      { shippingFeePaise: 99.5 },
      { shippingFeePaise: -100 },
      { freeShippingFromPaise: 1.5 },
    ]) {
      expect(settingsPatchSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("fall back to 18 % GST and free shipping when a stored value is broken", () => {
    const { settings, invalidKeys } = resolveSettings([
      { key: "gstPercent", value: "eighteen" },
      { key: "shippingFeePaise", value: -5 },
    ]);
    expect([settings.gstPercent, settings.shippingFeePaise]).toEqual([18, 0]);
    expect(invalidKeys).toEqual(["gstPercent", "shippingFeePaise"]);
  });
});

describe("settingsPatchSchema", () => {
  it("keeps only the keys that were given (no defaults filled in)", () => {
    expect(settingsPatchSchema.parse({ brandName: "Volt" })).toEqual({ brandName: "Volt" });
  });

  it("rejects unknown keys", () => {
    expect(settingsPatchSchema.safeParse({ colour: "red" }).success).toBe(false);
  });

  it("accepts only https social links (no javascript:, data: or http:)", () => {
    for (const link of ["javascript:alert(1)", "data:text/html,hi", "http://facebook.com/x"]) {
      expect(settingsPatchSchema.safeParse({ social: { facebook: link } }).success, link).toBe(
        false,
      );
    }
    expect(
      settingsPatchSchema.safeParse({ social: { facebook: "https://facebook.com/x" } }).success,
    ).toBe(true);
  });

  it("rejects a support e-mail longer than 254 characters", () => {
    const email = `${"a".repeat(250)}@b.in`;
    expect(settingsPatchSchema.safeParse({ supportEmail: email }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ supportEmail: email.slice(2) }).success).toBe(true);
  });

  it("rejects a social link that is not a URL", () => {
    expect(settingsPatchSchema.safeParse({ social: { facebook: "urjacell" } }).success).toBe(false);
  });
});

describe("upiIdSchema", () => {
  it.each(["urjacell@okaxis", "shop.name-1@ybl", "98765@upi"])("accepts %s", (id) => {
    expect(upiIdSchema.safeParse(id).success).toBe(true);
  });

  it.each(["urjacell", "@okaxis", "a@", "name@ok axis", "a@b"])("rejects %s", (id) => {
    expect(upiIdSchema.safeParse(id).success).toBe(false);
  });
});
