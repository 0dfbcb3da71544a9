// The client's address, which the rate limits, the live-stream cap and the request log key on
// (docs/decisions/026). By default the socket's peer: X-Forwarded-For is whatever the sender
// wrote. Behind a reverse proxy every peer is the proxy, so TRUST_PROXY names the proxies: the
// address is then read from X-Forwarded-For from the right, through trusted hops only, and
// entries a client put to the left of them are never reached (proxy-addr, as Express does).
import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";

/** TRUST_PROXY, parsed: how many proxies are in front, or which addresses they have. */
export type TrustProxy = { hops: number } | { addresses: string[] };

/** Names proxy-addr reads besides addresses and CIDRs. */
export const TRUST_PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"] as const;

type Trust = (address: string, hop: number) => boolean;

/** Whether the hop at `hop` (0: the socket's peer) with `address` is one of our proxies. */
export function trustOf(setting: TrustProxy | undefined): Trust {
  if (!setting) return () => false;
  if ("hops" in setting) return (_address, hop) => hop < setting.hops;
  // Throws a TypeError for what it cannot read; env.ts checks the setting with it at start.
  return proxyAddr.compile(setting.addresses);
}

/** The client's address for a request that came in on `incoming`; "unknown" without one. */
export function clientAddressOf(incoming: IncomingMessage | undefined, trust: Trust): string {
  if (!incoming?.socket?.remoteAddress) return "unknown";
  return proxyAddr(incoming, trust);
}
