// TRUST_PROXY, read once at start-up: which proxies in front of the service may name the visitor's address in
// X-Forwarded-For (plugins/client-ip.ts applies it to each request).
import { BlockList, isIP } from "node:net";

/**
 * TRUST_PROXY: false ignores X-Forwarded-For; a number trusts that many proxy hops in front of the service (true = 1);
 * a list of addresses or CIDR ranges trusts the proxies whose addresses are in it.
 */
export type TrustProxy = false | number | readonly string[];

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
