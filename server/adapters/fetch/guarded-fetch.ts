// fetch() that follows redirects itself, so the address guard and the crawl scope judge every hop: automatic
// redirects would let a public page bounce the crawler to 169.254.169.254 or to another site. Each hop connects to
// the very address the guard checked (DNS is asked once), so a rebinding resolver cannot swap in 127.0.0.1.
import { FetchFailure } from "../../ports/page-fetcher.ts";
import { BlockedAddressError, resolvePublicAddress, type AddressGuardOptions } from "./address-guard.ts";

/** fetch() with Bun's TLS options; a test may put a stand-in here to see where a hop would connect. */
export type FetchFunction = (url: string, init: RequestInit & { tls?: { serverName?: string } }) => Promise<Response>;

/**
 * The URL to connect to for a hop pinned to `address`, with the Host header and TLS server name that make the
 * server (and the certificate check) see the original name.
 */
export function pinnedTarget(url: URL, address: string): { url: string; host: string; serverName?: string } {
  const target = new URL(url.href);
  target.hostname = address.includes(":") ? `[${address}]` : address;
  return { url: target.href, host: url.host, serverName: url.protocol === "https:" ? url.hostname.replace(/^\[|\]$/g, "") : undefined };
}

export interface GuardedRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** Credentials added only to hops on this host (host:port): a redirect to another host never receives them. */
  credentials?: { origin: string; headers: Record<string, string> };
  body?: BodyInit | null;
  guard: AddressGuardOptions;
  maxRedirects: number;
  /** Called with every redirect target (not the first address); false stops with "redirect-out-of-scope". */
  allowRedirect?: (url: string) => boolean;
  signal: AbortSignal;
  fetch?: FetchFunction;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Pinning needs fetch() to send our Host header and to take the TLS server name apart from the URL, which Bun's
 * does. Deno's fetch cannot, so there the check stays a check before an unpinned connection (docs/security.md).
 */
const CAN_PIN = typeof (globalThis as { Bun?: unknown }).Bun !== "undefined";

const withoutHost = (headers: Record<string, string> = {}) => Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "host"));

/** Resolves with the first non-redirect response and the address it came from; throws FetchFailure or the abort reason. */
export async function guardedFetch(request: GuardedRequest): Promise<{ response: Response; url: string }> {
  let url = request.url;
  let method = request.method ?? "GET";
  let body = request.body ?? null;
  for (let hop = 0; ; hop++) {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
      throw new FetchFailure("redirect-out-of-scope", url, `Only http and https can be fetched, not ${parsed.protocol}`);
    let address: string | null;
    try {
      address = await resolvePublicAddress(parsed.hostname, request.guard);
    } catch (error) {
      if (error instanceof BlockedAddressError) throw new FetchFailure("blocked-address", url, error.message);
      request.signal.throwIfAborted();
      throw new FetchFailure("network", url, `Could not resolve ${parsed.hostname}: ${(error as Error).message}`);
    }
    let response: Response;
    try {
      // Credentials go only to the origin they were given for (scheme, host and port), never along a redirect to
      // another host, and never from https down to plain http on the same host.
      const own =
        request.credentials && parsed.origin === request.credentials.origin ? { ...request.headers, ...request.credentials.headers } : request.headers;
      const pin = address === null || (!CAN_PIN && !request.fetch) ? null : pinnedTarget(parsed, address);
      const headers = pin ? { ...withoutHost(own), host: pin.host } : own;
      const init = {
        method,
        headers,
        body,
        redirect: "manual" as const,
        signal: request.signal,
        ...(pin?.serverName ? { tls: { serverName: pin.serverName } } : {}),
      };
      response = await (request.fetch ?? fetch)(pin ? pin.url : url, init);
    } catch (error) {
      request.signal.throwIfAborted();
      throw new FetchFailure("network", url, `Could not fetch ${url}: ${(error as Error).message}`);
    }
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || location === null) return { response, url };
    await response.body?.cancel().catch(() => {});
    if (hop >= request.maxRedirects)
      throw new FetchFailure("too-many-redirects", url, `More than ${request.maxRedirects} redirects starting at ${request.url}`);
    let next: string;
    try {
      next = new URL(location, url).href.replace(/#.*$/, "");
    } catch {
      throw new FetchFailure("network", url, `Redirect to an unreadable address: ${location}`);
    }
    if (request.allowRedirect && !request.allowRedirect(next))
      throw new FetchFailure("redirect-out-of-scope", next, `${url} redirects to ${next}, outside the crawl`);
    // Browsers turn a redirected POST into a GET (always for 303, by habit for 301/302); 307/308 keep the method.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
      method = method === "HEAD" ? "HEAD" : "GET";
      body = null;
    }
    url = next;
  }
}
