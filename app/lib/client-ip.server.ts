import { isIPv4, isIPv6 } from "node:net";

/**
 * The client as the rate limits count it, from the address the server set (see server/app.ts):
 * an IPv4 address as it is; an IPv6 address by its /64 network, since one customer line gets a
 * whole /64 (or more) and could otherwise take a fresh address for every attempt.
 */
export function clientIp(client: { headers: Headers }): string {
  const address = client.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? "";
  return address ? addressKey(address) : "unknown";
}

function addressKey(address: string): string {
  const bare = address.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(bare)) return bare;
  return `${ipv6Groups(bare).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of a valid IPv6 address, without leading zeros ("::" and a dotted tail expanded). */
function ipv6Groups(address: string): string[] {
  const toGroups = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [group];
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const [head = "", tail] = address.split("::");
  const left = toGroups(head);
  const right = tail === undefined ? [] : toGroups(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
