// Which hosts belong to a site: its base URL's host (with or without `www.`), the domains its owner listed in
// publicAccess.allowedDomains, and hosts of pages already in its index. Ingest refuses pages elsewhere and answers
// keep links only to these hosts, so a prompt-injected page cannot plant a phishing link in the site's own chat.

export interface SiteHostsInput {
  baseUrl?: string;
  /** `example.com` (any port), `example.com:8080` (that port), `*.example.com` (subdomains, not the apex). */
  allowedDomains?: readonly string[];
  /** Addresses known to be the site's own, e.g. the indexed pages an answer was written from. */
  pageUrls?: readonly string[];
}

export type HostCheck = (url: string) => boolean;

const bareHost = (hostname: string) => hostname.toLowerCase().replace(/^www\./, "");

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed : null;
  } catch {
    return null;
  }
}

function entryMatches(entry: string, url: URL): boolean {
  const [domain = "", port] = entry.trim().toLowerCase().split(":");
  if (port !== undefined && url.port !== port) return false;
  const host = url.hostname.toLowerCase();
  return domain.startsWith("*.") ? host.endsWith(domain.slice(1)) && host.length > domain.length - 1 : host === domain;
}

/**
 * Subdomains of the base host do not count unless listed (`*.example.com`): on shared hosting a subdomain is often
 * someone else's site. `www.` is the exception, as in the crawler, since sites serve both spellings.
 */
export function siteHostCheck(input: SiteHostsInput): HostCheck {
  const hosts = new Set<string>();
  for (const url of [input.baseUrl, ...(input.pageUrls ?? [])]) {
    const parsed = url ? parse(url) : null;
    if (parsed) hosts.add(bareHost(parsed.hostname));
  }
  const entries = input.allowedDomains ?? [];
  return (url) => {
    const parsed = parse(url);
    if (!parsed) return false;
    return hosts.has(bareHost(parsed.hostname)) || entries.some((entry) => entryMatches(entry, parsed));
  };
}
