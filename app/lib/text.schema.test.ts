import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { adminAddUserSchema, changeNameSchema } from "~/features/accounts/accounts.schema";
import { bookingFormSchema } from "~/features/bookings/booking.schema";
import { reviewSchema } from "~/features/catalog/catalog.schema";
import { adminProductListSchema } from "~/features/catalog/product-form.schema";
import { contactFormSchema } from "~/features/contact/contact.schema";
import { deliverySchema, orderListSchema } from "~/features/orders/orders.schema";
import { settingRules } from "~/features/settings/settings.schema";
import { searchField } from "./text.schema";

/** A right-to-left override hides what a name says ("gnp.exe" shows as "exe.png"). */
const DISGUISED = "Asha\u202E Kumari\u0007\tIyer\u200B";

describe("names and texts typed into the store's forms (issue 20)", () => {
  it.each([
    ["your name", changeNameSchema.shape.name],
    ["an added user's name", adminAddUserSchema.shape.name],
    ["the delivery name", deliverySchema.shape.name],
    ["the delivery city", deliverySchema.shape.city],
    ["a booking's name", bookingFormSchema.shape.name],
    ["a booking's vehicle", bookingFormSchema.shape.vehicleModel],
    ["a contact message's name", contactFormSchema.shape.name],
    ["the store's name", settingRules.brandName],
  ] as [string, z.ZodType][])("%s loses control and direction characters", (_label, field) => {
    expect(field.parse(DISGUISED)).toBe("Asha Kumari Iyer");
  });

  it("keeps a message's and a review's lines, without the hidden characters", () => {
    const text = "Battery dead\u202E\r\n\r\nPlease call\u0000 me";
    expect(contactFormSchema.shape.message.parse(text)).toBe("Battery dead\n\nPlease call me");
    expect(reviewSchema.shape.body.parse(text)).toBe("Battery dead\n\nPlease call me");
  });

  it("counts what is left: a name of invisible characters only is empty, and refused", () => {
    expect(deliverySchema.shape.name.safeParse("\u202E\u200B  ").success).toBe(false);
  });
});

describe("a list's search from the address", () => {
  const search = searchField(10);

  it("is trimmed, and empty when there is none or it is not text", () => {
    expect(search.parse("  drive 40  ")).toBe("drive 40");
    expect(search.parse(undefined)).toBe("");
    expect(search.parse(["a", "b"])).toBe("");
  });

  it("searches a longer one by its first characters instead of dropping it for the whole list", () => {
    expect(search.parse("DRIVE-35L-xxxxxxxx")).toBe("DRIVE-35L-");
    expect(search.parse("DRIVE     xxxxx")).toBe("DRIVE");
  });

  it("is what the admin lists read", () => {
    const long = `DRIVE-35L-${"x".repeat(80)}`;
    expect(adminProductListSchema.parse({ q: long }).q).toBe(long.slice(0, 60));
    expect(orderListSchema.parse({ q: long }).q).toBe(long.slice(0, 80));
  });
});
