// The visitor's address for per-IP limits and analytics: the socket's, or behind trusted proxies the X-Forwarded-For
// entry the nearest untrusted hop wrote. Entries to the left of it are written by the client and prove nothing.
import { type BlockList, isIP } from "node:net";
import { trustedProxyList, type TrustProxy } from "../trust-proxy.ts";

export type { TrustProxy };

interface AddressSource {
  requestIP(r: Request): { address: string } | null;
}

const lists = new WeakMap<readonly string[], BlockList>();

function trusted(entries: readonly string[], address: string): boolean {
  let list = lists.get(entries);
  if (!list) lists.set(entries, (list = trustedProxyList(entries)));
  const family = isIP(address);
  if (family === 0) return false;
  // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d; an IPv4 range must match them too.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return list.check(address, family === 4 ? "ipv4" : "ipv6") || (mapped !== undefined && list.check(mapped, "ipv4"));
}

function forwardedFor(request: Request): string[] {
  const header = request.headers.get("x-forwarded-for");
  if (!header) return [];
  return header
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

export function clientIp(request: Request, server: AddressSource | null | undefined, trustProxy: TrustProxy | boolean): string {
  const socket = server?.requestIP(request)?.address ?? "unknown";
  if (trustProxy === false) return socket;
  const hops = forwardedFor(request);
  if (hops.length === 0) return socket;
  if (typeof trustProxy === "number" || trustProxy === true) {
    // Each trusted proxy appends the address it saw: with n of them, the client is the n-th entry from the right.
    const n = trustProxy === true ? 1 : trustProxy;
    return hops[Math.max(0, hops.length - n)]!;
  }
  // A request that did not come through a trusted proxy wrote its own header: ignore it.
  if (!trusted(trustProxy, socket)) return socket;
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted(trustProxy, hops[i]!)) return hops[i]!;
  return hops[0]!;
}
