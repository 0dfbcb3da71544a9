import { describe, expect, it } from "vitest";
import { clientPrefix } from "./client-prefix";

describe("clientPrefix", () => {
  it("puts IPv4 addresses of one /24 together and others apart", () => {
    expect(clientPrefix("198.51.100.7")).toBe("198.51.100.0/24");
    expect(clientPrefix("198.51.100.250")).toBe("198.51.100.0/24");
    expect(clientPrefix("198.51.101.7")).toBe("198.51.101.0/24");
  });

  it("puts IPv6 addresses of one /64 together, however they are written", () => {
    const network = "2001:db8:1:2::/64";
    expect(clientPrefix("2001:db8:1:2::1")).toBe(network);
    expect(clientPrefix("2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe(network);
    expect(clientPrefix("2001:DB8:1:2:ffff:ffff:ffff:ffff")).toBe(network);
    expect(clientPrefix("2001:db8:1:2::1.2.3.4")).toBe(network);
    expect(clientPrefix("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientPrefix("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientPrefix("::1")).toBe("0:0:0:0::/64");
    expect(clientPrefix("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(clientPrefix("::ffff:198.51.100.7")).toBe("198.51.100.0/24");
    expect(clientPrefix("::ffff:c633:6407")).toBe("198.51.100.0/24");
  });

  it("keeps what is not an address as it is", () => {
    expect(clientPrefix("unknown")).toBe("unknown");
  });
});
