// SSRF guard: the crawler fetches addresses chosen by site owners and by the pages it reads, so it must not be
// steerable into the host's own network, loopback services or a cloud metadata endpoint.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

export class BlockedAddressError extends Error {
  override name = "BlockedAddressError";
}

export interface AddressGuardOptions {
  /** Skip every check (CRAWL_ALLOW_PRIVATE_NETWORKS=true): intranet crawls and tests on loopback. */
  allowPrivateNetworks?: boolean;
  /** Host names the operator trusts by name even though they resolve to private addresses (e.g. docs.internal). */
  trustedHosts?: readonly string[];
  /** Resolves a host name to all its addresses; the system resolver unless a test puts a stand-in here. */
  lookup?: LookupAll;
}

export type LookupAll = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: LookupAll = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Names that reach metadata or loopback services without DNS telling the truth about them. */
const BLOCKED_NAMES = /^(localhost|.*\.localhost|metadata|metadata\.google\.internal|instance-data|instance-data\.ec2\.internal)$/i;

const IPV4_BLOCKS: Array<[string, number, string]> = [
  ["0.0.0.0", 8, "this-network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "6to4 relay"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved or broadcast"],
];

const ipv4ToInt = (ip: string) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);

function ipv4Block(ip: string): string | null {
  const value = ipv4ToInt(ip);
  for (const [net, bits, label] of IPV4_BLOCKS) {
    const size = 2 ** (32 - bits);
    const start = ipv4ToInt(net);
    if (value >= start && value < start + size) return label;
  }
  return null;
}

/** Expands an IPv6 literal (any spelling, with or without an embedded IPv4 tail) to eight 16-bit groups. */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase().replace(/%.*$/, "");
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipv4ToInt(v4[1]!);
    text = `${text.slice(0, -v4[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}

const v4FromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

function ipv6Block(ip: string): string | null {
  const g = ipv6Groups(ip);
  const [a, b] = [g[0]!, g[1]!];
  const zeroPrefix = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (g.every((x) => x === 0)) return "unspecified";
  if (zeroPrefix(7) && g[7] === 1) return "loopback";
  // Addresses that carry an IPv4 address are judged by it: ::ffff:127.0.0.1 (IPv4-mapped) and ::ffff:0:7f00:1
  // (IPv4-translated, SIIT) are loopback; so are the NAT64 forms (64:ff9b::/96, local-use 64:ff9b:1::/48) and
  // 6to4 (2002::/16) of a private address. A gateway may reach the IPv4 address they carry.
  if (zeroPrefix(5) && g[5] === 0xffff) return ipv4Block(v4FromGroups(g[6]!, g[7]!));
  if (zeroPrefix(4) && g[4] === 0xffff && g[5] === 0) return ipv4Block(v4FromGroups(g[6]!, g[7]!)) ?? "IPv4-translated";
  if (zeroPrefix(6)) return "IPv4-compatible (deprecated)";
  if (a === 0x64 && b === 0xff9b) return g.slice(2, 6).every((x) => x === 0) ? ipv4Block(v4FromGroups(g[6]!, g[7]!)) : "NAT64 local-use";
  if (a === 0x2002) return ipv4Block(v4FromGroups(b, g[2]!));
  // Teredo hides its IPv4 server and (obfuscated) client addresses; nothing crawlable lives there.
  if (a === 0x2001 && b === 0) return "Teredo";
  if (a === 0x2001 && b === 0xdb8) return "documentation";
  if (a === 0x100 && zeroPrefix(4)) return "discard";
  if ((a & 0xffc0) === 0xfe80) return "link-local";
  if ((a & 0xffc0) === 0xfec0) return "site-local";
  if ((a & 0xfe00) === 0xfc00) return "unique-local (includes fd00:ec2::254 metadata)";
  if ((a & 0xff00) === 0xff00) return "multicast";
  return null;
}

/** Why an IP address must not be fetched, or null when it is a public unicast address. */
export function blockedAddressReason(ip: string): string | null {
  const version = isIP(ip);
  if (version === 4) return ipv4Block(ip);
  if (version === 6) return ipv6Block(ip);
  return "not an IP address";
}

/**
 * The address to connect to for a host name: every address it resolves to must be public (a name with one public
 * and one private record could be connected either way), and the caller connects to the one returned, never
 * resolving the name again, so a resolver that answers a public address to the check and 127.0.0.1 to the
 * connection (DNS rebinding) gains nothing. Null means "connect by name": private networks are allowed, so
 * there is nothing to check. Takes `URL.hostname`, which the URL parser has already normalised (2130706433,
 * 0x7f.1 and 0177.0.0.1 all arrive as 127.0.0.1; IPv6 in brackets). Trusted names are pinned but not judged.
 */
/**
 * The same sentence for every refusal: what a name resolved to, and which kind of private range it is in, is a map of
 * the operator's network that tenants must not read back from an error.
 */
const notAllowed = (host: string) =>
  new BlockedAddressError(`${host} is not an allowed address: only public internet hosts can be reached (the operator may set CRAWL_ALLOW_PRIVATE_NETWORKS).`);

export async function resolvePublicAddress(hostname: string, options: AddressGuardOptions = {}): Promise<string | null> {
  if (options.allowPrivateNetworks) return null;
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  const trusted = options.trustedHosts?.some((name) => name.toLowerCase() === host) ?? false;
  if (isIP(host)) {
    if (!trusted && blockedAddressReason(host)) throw notAllowed(host);
    return host;
  }
  if (!trusted && BLOCKED_NAMES.test(host)) throw notAllowed(host);
  const records = await (options.lookup ?? systemLookup)(host);
  if (records.length === 0) throw new Error(`${host} has no addresses`);
  for (const { address } of records) {
    if (!trusted && blockedAddressReason(address)) throw notAllowed(host);
  }
  return records[0]!.address;
}

/** Throws BlockedAddressError unless the host name is safe to fetch (see resolvePublicAddress). */
export async function assertPublicAddress(hostname: string, options: AddressGuardOptions = {}): Promise<void> {
  await resolvePublicAddress(hostname, options);
}
