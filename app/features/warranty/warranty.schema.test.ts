import { describe, expect, it } from "vitest";
import { warrantyMessages as m } from "./warranty.messages";
import {
  claimFormSchema,
  claimMoveSchema,
  lookupFormSchema,
  normaliseMobile,
  normaliseSerial,
  registrationFormSchema,
} from "./warranty.schema";

const valid = {
  serial: "uc-48a 1234",
  productId: "7",
  firstName: "Asha",
  lastName: "Patel",
  pincode: "380009",
  purchaseDate: "2026-11-01",
  mobile: "+91 98765-43210",
};

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("normalising what people type", () => {
  it("makes a serial upper case without spaces or dashes", () => {
    expect(normaliseSerial(" uc-48a 1234 ")).toBe("UC48A1234");
  });

  it("takes +91, 91 or 0 off a ten-digit mobile, and spaces and dashes out", () => {
    expect(normaliseMobile("+91 98765 43210")).toBe("9876543210");
    expect(normaliseMobile("919876543210")).toBe("9876543210");
    expect(normaliseMobile("09876-543210")).toBe("9876543210");
    // Nine digits after 91 are not a prefixed number: left as typed, and then refused.
    expect(normaliseMobile("91987654321")).toBe("91987654321");
  });
});

describe("the registration form", () => {
  it("stores the normalised serial and mobile, no e-mail and no consent by default", () => {
    expect(registrationFormSchema.parse(valid)).toEqual({
      ...valid,
      serial: "UC48A1234",
      productId: 7,
      mobile: "9876543210",
      email: null,
      consent: false,
    });
    expect(
      registrationFormSchema.parse({ ...valid, consent: "on", email: " A@B.IN " }),
    ).toMatchObject({
      consent: true,
      email: "a@b.in",
    });
  });

  it("refuses a serial too short, too long or with other characters", () => {
    for (const serial of ["AB12", "A".repeat(21), "AB12/345", ""]) {
      expect(errorsOf(registrationFormSchema.safeParse({ ...valid, serial }))).toEqual({
        serial: m.serial,
      });
    }
    expect(registrationFormSchema.safeParse({ ...valid, serial: "a".repeat(20) }).success).toBe(
      true,
    );
  });

  it("refuses a mobile that is not ten digits from 6 to 9", () => {
    for (const mobile of ["5876543210", "987654321", "98765432101", "+1 9876543210", "phone"]) {
      expect(errorsOf(registrationFormSchema.safeParse({ ...valid, mobile }))).toEqual({
        mobile: m.mobile,
      });
    }
  });

  it("refuses a pincode starting with 0 or not six digits, and names over 50 characters", () => {
    for (const pincode of ["012345", "38000", "3800090", "38OO09"]) {
      expect(errorsOf(registrationFormSchema.safeParse({ ...valid, pincode }))).toEqual({
        pincode: m.pincode,
      });
    }
    expect(
      errorsOf(
        registrationFormSchema.safeParse({ ...valid, firstName: " ", lastName: "x".repeat(51) }),
      ),
    ).toEqual({
      firstName: m.firstName,
      lastName: m.lastName,
    });
  });

  it("refuses a purchase date that is not a calendar day, and a malformed e-mail", () => {
    expect(
      errorsOf(
        registrationFormSchema.safeParse({ ...valid, purchaseDate: "2026-02-30", email: "asha@" }),
      ),
    ).toEqual({
      purchaseDate: m.purchaseDate,
      email: m.email,
    });
  });
});

describe("the look-up and claim forms", () => {
  it("normalises the look-up like the registration", () => {
    expect(lookupFormSchema.parse({ serial: "uc48a 1234", mobile: "09876543210" })).toEqual({
      serial: "UC48A1234",
      mobile: "9876543210",
    });
  });

  it("asks for words when the problem is Other, and a day with a slot", () => {
    const claim = { problem: "other", centreId: "3", email: "a@b.in" };
    expect(errorsOf(claimFormSchema.safeParse(claim))).toEqual({ details: m.detailsNeeded });
    expect(
      errorsOf(claimFormSchema.safeParse({ ...claim, problem: "low_backup", time: "10:00" })),
    ).toMatchObject({
      time: expect.any(String),
    });
    expect(claimFormSchema.parse({ ...claim, details: "Smells of acid" })).toMatchObject({
      details: "Smells of acid",
      date: null,
      time: null,
    });
  });

  it("asks staff for the outcome and the discount when approving, the reason when rejecting", () => {
    expect(errorsOf(claimMoveSchema.safeParse({ claimId: "1", to: "approved" }))).toEqual({
      outcome: m.outcome,
    });
    expect(
      errorsOf(
        claimMoveSchema.safeParse({
          claimId: "1",
          to: "approved",
          outcome: "pro_rata",
          discount: "0",
        }),
      ),
    ).toEqual({
      discount: m.discount,
    });
    expect(
      claimMoveSchema.parse({
        claimId: "1",
        to: "approved",
        outcome: "pro_rata",
        discount: "1,200.50",
      }),
    ).toMatchObject({
      outcome: "pro_rata",
      discountPaise: 120_050,
    });
    expect(errorsOf(claimMoveSchema.safeParse({ claimId: "1", to: "rejected" }))).toEqual({
      rejectReason: m.rejectReason,
    });
    // What a move does not need is dropped, whatever was sent with it.
    expect(
      claimMoveSchema.parse({
        claimId: "1",
        to: "inspection",
        outcome: "replacement",
        discount: "5",
      }),
    ).toMatchObject({
      outcome: null,
      discountPaise: null,
    });
  });
});
