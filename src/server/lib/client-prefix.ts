// The network a client address belongs to, as the per-network limits count it (decision 051):
// an IPv6 /64 (one home or phone holds a whole /64, billions of addresses to rotate through)
// or an IPv4 /24. IPv4-mapped IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address it maps.
import { isIPv4, isIPv6 } from "node:net";

export const IPV4_PREFIX_BITS = 24;
export const IPV6_PREFIX_BITS = 64;

/** The eight 16-bit groups of an IPv6 address (without zone), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  const [head = "", tail] = address.split("::");
  const partsOf = (text: string) => (text === "" ? [] : text.split(":"));
  const toGroups = (parts: string[]) =>
    parts.flatMap((part) => {
      if (!isIPv4(part)) return [Number.parseInt(part, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = part.split(".").map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const left = toGroups(partsOf(head));
  const right = tail === undefined ? [] : toGroups(partsOf(tail));
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * `198.51.100.0/24` for `198.51.100.7`, `2001:db8:1:2::/64` for `2001:db8:1:2:a:b:c:d`; an
 * address that is neither (the app's "unknown") is its own network.
 */
export function clientPrefix(address: string): string {
  const plain = address.split("%")[0] ?? address; // a zone (`fe80::1%eth0`) names no network
  if (isIPv4(plain)) return `${plain.split(".").slice(0, 3).join(".")}.0/${IPV4_PREFIX_BITS}`;
  const groups = ipv6Groups(plain);
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return clientPrefix(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
  }
  const network = groups.slice(0, 4).map((group) => group.toString(16));
  return `${network.join(":")}::/${IPV6_PREFIX_BITS}`;
}
