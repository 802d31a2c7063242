import { describe, expect, it } from "vitest";
import { seedOutlets } from "~/db/seed-data/outlets";
import { parseForm } from "~/lib/forms";
import { outletAdminMessages as m } from "./outlet-admin.messages";
import { allRequiredMissing, outletFormSchema, outletListSchema } from "./outlet-form.schema";

const form = {
  name: "Shree Batteries",
  address: "12 CG Road",
  city: "Ahmedabad",
  state: "Gujarat",
  pincode: "380009",
  location: "23.0365,72.5611",
  phone: "079 2658 1234",
  day1: "on",
  day7: "on",
  opensAt: "08:30",
  closesAt: "13:00",
  "serves-inverter": "on",
};

describe("outletFormSchema", () => {
  it("reads the days, categories and location the form sends", () => {
    const parsed = parseForm(outletFormSchema, form);
    expect(parsed).toEqual({
      success: true,
      data: expect.objectContaining({
        location: { lat: 23.0365, lng: 72.5611 },
        openDays: [1, 7],
        categories: ["inverter"],
        email: null,
        bookingCapacity: undefined,
        active: undefined,
      }),
    });
  });

  it("leaves a blank location for the server to take from the pincode", () => {
    const parsed = parseForm(outletFormSchema, { ...form, location: "  " });
    expect(parsed).toEqual({ success: true, data: expect.objectContaining({ location: null }) });
  });

  it("takes the state from the list of states and union territories only", () => {
    expect(parseForm(outletFormSchema, { ...form, state: "Gujrat" })).toEqual({
      success: false,
      fieldErrors: { state: m.stateFromList },
    });
    expect(parseForm(outletFormSchema, { ...form, state: "" })).toEqual({
      success: false,
      fieldErrors: { state: m.stateRequired },
    });
    const ladakh = parseForm(outletFormSchema, { ...form, state: "Ladakh" });
    expect(ladakh).toEqual({ success: true, data: expect.objectContaining({ state: "Ladakh" }) });
  });

  it("accepts the state of every demo outlet as it is stored", () => {
    for (const outlet of seedOutlets) {
      const parsed = parseForm(outletFormSchema, { ...form, state: outlet.state });
      expect(parsed.success, `${outlet.name}: ${outlet.state}`).toBe(true);
    }
  });

  it("refuses closing at or before opening, next to the closing time", () => {
    const parsed = parseForm(outletFormSchema, { ...form, closesAt: "08:30" });
    expect(parsed).toEqual({ success: false, fieldErrors: { closesAt: m.closesBeforeOpens } });
  });

  it("says all fields are required only when every typed field is empty", () => {
    expect(allRequiredMissing({ name: " ", day1: "on", opensAt: "09:00" })).toBe(true);
    expect(allRequiredMissing({ city: "Surat" })).toBe(false);
  });
});

describe("outletListSchema", () => {
  it("knows the Filter button and ignores nonsense", () => {
    expect(outletListSchema.parse({ name: " A ", filter: "1", page: "2" })).toEqual({
      name: "A",
      city: "",
      filter: true,
      page: 2,
    });
    expect(outletListSchema.parse({ filter: "yes", page: "-4" })).toEqual({
      name: "",
      city: "",
      filter: false,
      page: 1,
    });
  });
});
