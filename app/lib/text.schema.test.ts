import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { adminAddUserSchema, changeNameSchema } from "~/features/accounts/accounts.schema";
import { bookingFormSchema } from "~/features/bookings/booking.schema";
import { reviewSchema } from "~/features/catalog/catalog.schema";
import { contactFormSchema } from "~/features/contact/contact.schema";
import { deliverySchema } from "~/features/orders/orders.schema";
import { settingRules } from "~/features/settings/settings.schema";

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
