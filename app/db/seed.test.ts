import { describe, expect, it } from "vitest";
import { CONTENT_LOCALES } from "~/lib/i18n/localized";
import { demoAdmin, demoAdminSignIn, LOCAL_DEMO_ADMIN_PASSWORD } from "./seed";
import { seedProducts } from "./seed-data/products";

const env = (url: string, password?: string) => ({
  DEMO_ADMIN_EMAIL: "admin@urjacell.in",
  DEMO_ADMIN_PASSWORD: password,
  BETTER_AUTH_URL: url,
});

describe("the demo admin's password", () => {
  it("is DEMO_ADMIN_PASSWORD when it is set, wherever the store runs", () => {
    const admin = demoAdmin(env("https://shop.example.in", "chosen-by-me-1"));
    expect(admin).toMatchObject({ password: "chosen-by-me-1", passwordSource: "env" });
  });

  it.each(["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000"])(
    "is the documented one on this machine (%s)",
    (url) => {
      expect(demoAdmin(env(url))).toMatchObject({
        password: LOCAL_DEMO_ADMIN_PASSWORD,
        passwordSource: "local",
      });
    },
  );

  it.each(["https://shop.example.in", "http://192.168.1.20:3000", "http://localhost.example.in"])(
    "is random anywhere else, never the published one (%s)",
    (url) => {
      const a = demoAdmin(env(url));
      const b = demoAdmin(env(url));
      expect(a.passwordSource).toBe("generated");
      expect(a.password).not.toBe(LOCAL_DEMO_ADMIN_PASSWORD);
      expect(a.password.length).toBeGreaterThanOrEqual(16);
      expect(a.password).not.toBe(b.password);
    },
  );
});

describe("how to sign in as the demo admin", () => {
  const login = "http://localhost:3000/login";

  it("shows a generated password only when the account was just created with it", () => {
    const admin = demoAdmin(env("https://shop.example.in"));
    expect(demoAdminSignIn(admin, true, login)).toContain(admin.password);
    expect(demoAdminSignIn(admin, false, login)).not.toContain(admin.password);
  });

  it("names the variable instead of printing a chosen password", () => {
    const admin = demoAdmin(env("http://localhost:3000", "chosen-by-me-1"));
    const text = demoAdminSignIn(admin, true, login);
    expect(text).toContain("DEMO_ADMIN_PASSWORD");
    expect(text).not.toContain("chosen-by-me-1");
  });

  it("gives the local password with its e-mail and the login address", () => {
    const text = demoAdminSignIn(demoAdmin(env("http://localhost:3000")), true, login);
    expect(text).toBe(
      `Demo admin: sign in at ${login} with admin@urjacell.in and the password ${LOCAL_DEMO_ADMIN_PASSWORD}`,
    );
  });
});

describe("the demo catalogue", () => {
  // HOME-150T once said "5 years" (its months), "36-month free replacement and 24-month pro-rata"
  // (its description) and "5 years + 2 years pro-rata" at once (issue 21).
  it("states warranties only in each product's months, never in its description", () => {
    const periods = /\b(warrant|guarantee|pro-?rata|free replacement)|\b\d+[- ]?(year|month)s?\b/i;
    // Warranty, guarantee, year, month in Hindi and Gujarati.
    const translatedPeriods = /वारंटी|गारंटी|साल|वर्ष|महीन|વોરંટી|ગેરંટી|વર્ષ|મહિન/;
    for (const product of seedProducts) {
      expect(product.description, product.model).not.toMatch(periods);
      for (const { description } of Object.values(product.translations)) {
        expect(description, product.model).not.toMatch(translatedPeriods);
      }
      expect(product.proRataMonths, product.model).toBeGreaterThanOrEqual(0);
    }
  });

  it("describes every product in Hindi and Gujarati, in their own script, with the English figures", () => {
    const script = { hi: /[\u0900-\u097F]/, gu: /[\u0A80-\u0AFF]/ };
    // Numbers with their units (40Ah, 24V, 110) and abbreviations (CNG, SUV, UPS, LED) stay as
    // the English writes them.
    const figures = (text: string) => text.match(/\d+(?:Ah|V)?|[A-Z]{2,}\d*/g) ?? [];
    for (const product of seedProducts) {
      for (const locale of CONTENT_LOCALES) {
        const text = product.translations[locale].description;
        expect(text, `${product.model} (${locale})`).toMatch(script[locale]);
        expect(text).not.toBe(product.description);
        for (const figure of figures(product.description)) {
          expect(text, `${product.model} (${locale})`).toContain(figure);
        }
      }
    }
  });
});
