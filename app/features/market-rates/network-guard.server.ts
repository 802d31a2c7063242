import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Which addresses a server-side request may go to (ADR 035): never this machine, a private
 * network, a link-local range (where cloud metadata services live) or another address not meant
 * for the public internet, unless the store's settings allow private endpoints.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  notPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local (private), AWS's fd00:ec2::254 metadata
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["64:ff9b::", 96], // NAT64 of IPv4 (checked as IPv4 below too)
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address an IPv6 one carries (::ffff:127.0.0.1, 64:ff9b::7f00:1), if any. */
function embeddedIpv4(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = Number.parseInt(hex[1] as string, 16);
  const low = Number.parseInt(hex[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Is this IP address one a request from the store must not reach? */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return notPublic.check(address, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== null) return notPublic.check(v4, "ipv4");
    return notPublic.check(address, "ipv6");
  }
  return true;
}

export type ResolvedHost =
  | { ok: true; address: string; family: 4 | 6 }
  | { ok: false; reason: "unresolvable" }
  | { ok: false; reason: "blocked"; address: string };

/** Looks a host name up (an IP literal stands for itself). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/**
 * The address to connect to for `host`: every address the name resolves to must be public (one
 * private answer among public ones refuses the name), unless `allowPrivate`. The request then
 * connects to this very address, so a second lookup cannot swap in another (DNS rebinding).
 */
export async function resolvePublicHost(
  host: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<ResolvedHost> {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  let answers: { address: string; family: number }[];
  if (isIP(bare)) {
    answers = [{ address: bare, family: isIP(bare) }];
  } else {
    try {
      answers = await (options.resolve ?? systemResolver)(bare);
    } catch {
      return { ok: false, reason: "unresolvable" };
    }
  }
  const [first] = answers;
  if (!first) return { ok: false, reason: "unresolvable" };
  if (!options.allowPrivate) {
    const blocked = answers.find((answer) => isNonPublicAddress(answer.address));
    if (blocked) return { ok: false, reason: "blocked", address: blocked.address };
  }
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}
