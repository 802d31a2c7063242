import { describe, expect, it } from "vitest";
import { checkoutPayee, DEMO_PAYEE, isLocalAddress, upiAmount, upiPayLink } from "./upi";

describe("upiPayLink", () => {
  it("carries payee, exact amount, INR, the reference and the note, percent-encoded", () => {
    expect(
      upiPayLink({
        payeeId: "urja.cell@okaxis",
        payeeName: "Urja & Sons",
        amountPaise: 859_805,
        reference: "UC0123456789ABCDEF0123",
        note: "UrjaCell order 10001",
      }),
    ).toBe(
      "upi://pay?pa=urja.cell%40okaxis&pn=Urja%20%26%20Sons&am=8598.05&cu=INR&tr=UC0123456789ABCDEF0123&tn=UrjaCell%20order%2010001",
    );
  });

  it("writes paise as rupees with two decimals, and refuses what is not a payable amount", () => {
    expect(upiAmount(1)).toBe("0.01");
    expect(upiAmount(100)).toBe("1.00");
    expect(upiAmount(123_456_789)).toBe("1234567.89");
    for (const bad of [0, -100, 1.5, Number.NaN]) expect(() => upiAmount(bad)).toThrow(RangeError);
  });
});

describe("checkoutPayee", () => {
  const unset = { upiPayeeId: null, upiPayeeName: null, brandName: "UrjaCell" };
  const local = { publicUrl: "http://localhost:3000", browserUrl: "http://127.0.0.1:3000/cart" };

  it("uses the admin's payee wherever the store runs", () => {
    const set = { ...unset, upiPayeeId: "shop@ybl", upiPayeeName: "Shop" };
    const remote = { publicUrl: "https://shop.in", browserUrl: "https://shop.in/cart" };
    expect(checkoutPayee(set, remote, "no")).toEqual({
      ok: true,
      id: "shop@ybl",
      name: "Shop",
      demo: false,
    });
  });

  it("uses the demo payee only on this machine, and refuses elsewhere until one is set", () => {
    expect(checkoutPayee(unset, local, "no")).toMatchObject({
      ok: true,
      id: DEMO_PAYEE.id,
      demo: true,
    });
    for (const addresses of [
      { publicUrl: "https://shop.in", browserUrl: "https://shop.in/cart" },
      // A forged Host header on a public store is not this machine.
      { publicUrl: "https://shop.in", browserUrl: "http://localhost/cart" },
      { publicUrl: "http://localhost:3000", browserUrl: "http://192.168.1.5:3000/cart" },
    ]) {
      expect(checkoutPayee(unset, addresses, "no")).toEqual({ ok: false, message: "no" });
    }
  });

  it("knows this machine's addresses", () => {
    for (const url of [
      "http://localhost:3000",
      "http://127.0.0.1",
      "http://[::1]:3000",
      "http://shop.localhost",
    ]) {
      expect(isLocalAddress(url), url).toBe(true);
    }
    for (const url of ["https://localhost.example.in", "http://10.0.0.1"]) {
      expect(isLocalAddress(url), url).toBe(false);
    }
  });
});
