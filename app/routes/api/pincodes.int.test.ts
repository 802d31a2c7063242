import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPincode } from "~/features/places/pincodes.server";
import { routeArgs } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import * as pincodes from "./pincodes";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

async function get(code: string): Promise<Response> {
  const request = new Request(`http://localhost:3000/api/pincodes/${code}`);
  const args = await routeArgs(t, request);
  return pincodes.loader({ ...args, params: { code } } as never);
}

/** 380015 (Ambawadi, Ahmedabad) as the pincode directory has it (ADR 030). */
const ambawadi = {
  pincode: "380015",
  district: "Ahmedabad",
  state: "Gujarat",
  latitude: 23.024349,
  longitude: 72.530152,
  place: "Ahmedabad",
};

describe("findPincode", () => {
  it("knows a pincode's point, district and state, and nothing of an unknown or malformed one", async () => {
    expect(await findPincode(t.db, " 380015 ")).toEqual(ambawadi);
    // The directory's old state names are today's.
    expect(await findPincode(t.db, "605001")).toMatchObject({ state: "Puducherry" });
    expect(await findPincode(t.db, "999999")).toBeNull();
    expect(await findPincode(t.db, "12ab")).toBeNull();
  });
});

describe("GET /api/pincodes/:code", () => {
  it("answers a known pincode's place as JSON, cacheable", async () => {
    const response = await get("380015");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    expect(await response.json()).toEqual(ambawadi);
  });

  it("answers 404 for a pincode it does not know and 400 for a malformed one, with the reason", async () => {
    const unknown = await get("999999");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "We do not know pincode 999999." });
    for (const code of ["12ab", "38001", "080009"]) {
      const malformed = await get(code);
      expect(malformed.status, code).toBe(400);
      expect((await malformed.json()).error).toMatch(/6-digit pincode/);
    }
  });
});
