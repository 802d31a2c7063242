import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OrderDelivery } from "./order-parts";

const delivered = {
  customerName: "Asha Patel",
  phone: "9876543210",
  house: "Flat 4",
  address: "12 MG Road",
  landmark: null,
  city: "Ahmedabad",
  state: "Gujarat",
  pincode: "380015",
  buyerGstin: null,
  buyerLegalName: null,
  paymentMethod: "upi" as const,
};

const text = (order: typeof delivered) =>
  renderToString(<OrderDelivery order={order} />)
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ");

describe("an order's delivery details", () => {
  it("show the address and the mobile number", () => {
    expect(text(delivered)).toMatch(/Ahmedabad ?, Gujarat 380015 Mobile ?9876543210/);
  });

  it("say that an order from the old site has no address, without an empty Mobile line", () => {
    const legacy = {
      ...delivered,
      phone: "",
      house: "",
      address: "",
      city: "",
      state: "",
      pincode: "",
    };
    const shown = text(legacy);
    expect(shown).toContain("No delivery address was recorded (an order from the old site).");
    expect(shown).not.toContain("Mobile");
  });
});
