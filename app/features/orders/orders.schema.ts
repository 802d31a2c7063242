import { z } from "zod";
import { pincodeSchema } from "~/features/purchase/purchase.schema";

/** A 10-digit Indian mobile number, typed with or without +91, 0, spaces or dashes. */
export const mobileSchema = z
  .string()
  .trim()
  .transform((typed) => typed.replace(/[\s-]/g, "").replace(/^(\+91|91|0)(?=\d{10}$)/, ""))
  .pipe(z.string().regex(/^[6-9]\d{9}$/, "Enter a 10-digit mobile number"));

/** Where an order goes: asked at checkout, remembered for the next one. */
export const deliverySchema = z.object({
  name: z.string().trim().min(2, "Enter the name to deliver to").max(80, "At most 80 characters"),
  phone: mobileSchema,
  address: z
    .string()
    .trim()
    .min(5, "Enter the delivery address")
    .max(300, "At most 300 characters"),
  city: z.string().trim().min(2, "Enter the city").max(60, "At most 60 characters"),
  pincode: pincodeSchema,
});
export type DeliveryInput = z.input<typeof deliverySchema>;
export type Delivery = z.output<typeof deliverySchema>;
