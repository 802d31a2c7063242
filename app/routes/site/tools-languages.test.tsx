import { renderToString } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { type Locale, localeOfPath, stripLocale } from "~/lib/i18n/locales";
import { I18nProvider } from "~/lib/i18n/react";
import type { Messages } from "~/lib/i18n/translate";
import BatteryHealth, { loader as healthLoader } from "./battery-health";

type Shown = { locale: Locale; i18n: Messages; check: unknown };

/** The page as the layout gives it: its language's messages around it. */
function HealthPage() {
  const page = useLoaderData() as Shown;
  const props = { loaderData: page } as unknown as Parameters<typeof BatteryHealth>[0];
  return (
    <I18nProvider locale={page.locale} messages={page.i18n}>
      <BatteryHealth {...props} />
    </I18nProvider>
  );
}

/** The checker's page for an address, as the server renders it in the address's language. */
function render(path: string) {
  const answer = healthLoader({ request: new Request(`http://localhost:3000${path}`) } as never);
  const status = "init" in answer ? answer.init?.status : 200;
  const page = ("data" in answer ? answer.data : answer) as Shown;
  const locale = localeOfPath(path);
  const Stub = createRoutesStub([
    { id: "page", path: "/battery-health", Component: HealthPage, loader: () => null },
  ]);
  const html = renderToString(
    <Stub
      initialEntries={[
        stripLocale(new URL(path, "http://x").pathname) + new URL(path, "http://x").search,
      ]}
      hydrationData={{ loaderData: { page: { ...page, locale } } }}
    />,
  );
  return { status, text: html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ") };
}

describe("/gu/battery-health: the Battery Health Checker in Gujarati", () => {
  it("gives a healthy reading's verdict, charge and working in Gujarati", () => {
    const { status, text } = render("/gu/battery-health?voltage=12.7");
    expect(status).toBe(200);
    expect(text).toContain("બેટરી સારી હાલતમાં છે.");
    expect(text).toContain("ચાર્જનો અંદાજ: 100%");
    expect(text).toContain("રીડિંગ: 12.7 V");
    expect(text).not.toContain("Battery is healthy");
    expect(text).not.toContain("Estimated state of charge");
  });

  it("keeps the spec's thresholds: 12.59 V is weak and 11.99 V low, in Gujarati words", () => {
    expect(render("/gu/battery-health?voltage=12.59").text).toContain("બેટરી નબળી છે, ચાર્જ કરી લો.");
    expect(render("/gu/battery-health?voltage=11.99").text).toContain(
      "બેટરી બહુ નબળી છે! તરત બદલવી પડશે.",
    );
  });

  it("says the temperature correction in Gujarati", () => {
    const { text } = render("/gu/battery-health?voltage=12.2&temperature=15");
    expect(text).toContain("15 °C માટે સુધારેલું: 12.42 V (0.22 V ઉમેર્યા");
  });

  it("refuses a reading that is no voltage with 400 and the error in Gujarati", () => {
    const { status, text } = render("/gu/battery-health?voltage=abc");
    expect(status).toBe(400);
    expect(text).toContain("કૃપા કરીને સાચો વોલ્ટેજ લખો.");
    expect(text).not.toContain("Please enter a valid voltage.");
  });

  it("leaves the English page in English", () => {
    const { text } = render("/battery-health?voltage=12.7");
    expect(text).toContain("Battery is healthy.");
    expect(text).toContain("Estimated state of charge: 100%");
  });
});
