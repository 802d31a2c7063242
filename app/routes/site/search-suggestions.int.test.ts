import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SuggestionsAnswer } from "~/features/catalog/catalog.options";
import { createProduct, createVehicle } from "../../../tests/factories";
import { routeArgs } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { loader } from "./search-suggestions";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  const fits = await createProduct(t, { model: "ZEST-40L", capacityAh: 40 });
  await createProduct(t, { model: "ZEST-150T", category: "inverter", capacityAh: 150 });
  await createVehicle(t, [fits.id], { make: "Zeta Motors", model: "Zoomer" });
  for (let i = 0; i < 10; i++) await createProduct(t, { model: `ZEST-X${i}` });
});
afterAll(async () => {
  await t?.close();
});

async function suggest(q: string | null) {
  const url = new URL("http://localhost/search/suggestions");
  if (q !== null) url.searchParams.set("q", q);
  const response = (await loader((await routeArgs(t, new Request(url))) as never)) as Response;
  return { response, body: (await response.json()) as SuggestionsAnswer };
}

describe("the header search's suggestions (GET /search/suggestions?q=)", () => {
  it("answers JSON the browser may keep, at most eight", async () => {
    const { response, body } = await suggest("zest");
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=120");
    expect(body.q).toBe("zest");
    expect(body.suggestions).toHaveLength(8);
  });

  it("suggests a vehicle (leading to the batteries that fit it) and the batteries themselves", async () => {
    const { body } = await suggest("zoomer");
    expect(body.suggestions).toEqual([
      {
        kind: "vehicle",
        label: "Zeta Motors Zoomer",
        detail: "Batteries that fit",
        href: "/allproduct?q=Zeta+Motors+Zoomer",
      },
      expect.objectContaining({ kind: "battery", label: "ZEST-40L", href: "/oneprod/ZEST-40L" }),
    ]);
    const { body: byCapacity } = await suggest("150Ah");
    expect(byCapacity.suggestions.map((s) => s.label)).toEqual(["ZEST-150T"]);
  });

  it("answers nothing for an empty search", async () => {
    expect((await suggest(null)).body).toEqual({ q: "", suggestions: [] });
    expect((await suggest("   ")).body).toEqual({ q: "", suggestions: [] });
  });
});
