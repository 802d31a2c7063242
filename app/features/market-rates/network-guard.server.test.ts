import { describe, expect, it } from "vitest";
import { isNonPublicAddress, resolvePublicHost } from "./network-guard.server";

describe("which addresses the store's own requests may reach", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd00:ec2::254",
    "fc00::5",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "172.32.0.1", "49.44.1.2", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows the public %s",
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );

  it("refuses a name any of whose addresses is private, and one that does not resolve", async () => {
    const resolve = async (host: string) => {
      if (host === "rates.example.in") return [{ address: "49.44.1.2", family: 4 }];
      if (host === "sneaky.example.in") {
        return [
          { address: "49.44.1.2", family: 4 },
          { address: "127.0.0.1", family: 4 },
        ];
      }
      throw new Error("ENOTFOUND");
    };
    expect(await resolvePublicHost("rates.example.in", { allowPrivate: false, resolve })).toEqual({
      ok: true,
      address: "49.44.1.2",
      family: 4,
    });
    expect(await resolvePublicHost("sneaky.example.in", { allowPrivate: false, resolve })).toEqual({
      ok: false,
      reason: "blocked",
      address: "127.0.0.1",
    });
    expect(await resolvePublicHost("nowhere.example.in", { allowPrivate: false, resolve })).toEqual(
      { ok: false, reason: "unresolvable" },
    );
    expect(await resolvePublicHost("[::1]", { allowPrivate: false, resolve })).toMatchObject({
      ok: false,
      reason: "blocked",
    });
    expect(await resolvePublicHost("[::1]", { allowPrivate: true, resolve })).toEqual({
      ok: true,
      address: "::1",
      family: 6,
    });
  });
});
