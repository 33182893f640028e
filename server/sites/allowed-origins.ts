// Which page origins a site's publicAccess.allowedDomains admits: the public gate's rule, and the refused-origins list's.

/**
 * `example.com` matches that host only; `*.example.com` matches its subdomains at any depth but not
 * example.com itself (list both to allow both). An entry without a port matches any port.
 */
export function domainMatches(entry: string, url: URL): boolean {
  const [domain, port] = entry.toLowerCase().split(":") as [string, string | undefined];
  if (port !== undefined && url.port !== port) return false;
  const host = url.hostname.toLowerCase();
  return domain.startsWith("*.") ? host.endsWith(domain.slice(1)) && host.length > domain.length - 1 : host === domain;
}

/**
 * No Origin and no Referer means a server, curl or a privacy-stripped request: allowed, since the content is
 * public and the per-IP limit still applies. A browser origin must be listed; an empty list allows none
 * ("null" origins from sandboxed frames and files never match).
 */
export function originAllowed(origin: string | null, allowedDomains: readonly string[]): boolean {
  if (origin === null) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return allowedDomains.some((entry) => domainMatches(entry, url));
}
