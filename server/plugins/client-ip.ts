// The visitor's address for per-IP limits and analytics: the socket's, or behind trusted proxies the X-Forwarded-For
// entry the nearest untrusted hop wrote. Entries to the left of it are written by the client and prove nothing.
import { BlockList, isIP } from "node:net";

/**
 * TRUST_PROXY: false ignores X-Forwarded-For; a number trusts that many proxy hops in front of the service (true = 1);
 * a list of addresses or CIDR ranges trusts the proxies whose addresses are in it.
 */
export type TrustProxy = false | number | readonly string[];

interface AddressSource {
  requestIP(r: Request): { address: string } | null;
}

/** "10.0.0.0/8" or "::1" → BlockList; throws with the bad entry named, for the config check. */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/") as [string, string | undefined];
    const family = isIP(address);
    if (family === 0) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) throw new Error(`"${entry}" has a bad prefix length`);
      list.addSubnet(address, prefix, type);
    }
  }
  return list;
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

/** Reads TRUST_PROXY: unset/false/0, true (one hop), a hop count, or a comma-separated list of addresses and ranges. */
export function parseTrustProxy(raw: string | null): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? "";
  if (["", "0", "false", "no", "off"].includes(value)) return false;
  if (["true", "yes", "on"].includes(value)) return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 20) throw new Error(`${hops} proxy hops is more than any real chain (at most 20)`);
    return hops;
  }
  const entries = value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  trustedProxyList(entries);
  return entries;
}
