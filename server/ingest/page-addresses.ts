// Decides under which URL a page is stored, so a page reachable at several addresses is stored once and its other
// addresses are kept as aliases. The page's own URL is, in order: the target of its canonical link (same site only),
// the directory URL over its index file, else the address seen first; a page whose cleaned text is already stored at
// another URL becomes an alias of that page.
import type { DocumentStore, PageRow, PageWrite } from "../ports/document-store.ts";
import type { PageAliasStore } from "../ports/page-alias-store.ts";
import type { CleanedPage } from "./clean-html.ts";
import { normaliseUrl } from "./url-normalise.ts";

/** Index-file names web servers serve for a directory URL (Apache DirectoryIndex, IIS default documents, and the like). */
const INDEX_FILES = ["index.html", "index.htm", "index.shtml", "index.xhtml", "index.php", "default.htm", "default.html", "default.aspx", "index.asp"];

/** The directory URL of an index-file address (`/docs/index.html` → `/docs/`), or null when it is not one. */
export function directoryOf(url: string): string | null {
  const parsed = new URL(url);
  if (parsed.search !== "") return null;
  const slash = parsed.pathname.lastIndexOf("/");
  if (!INDEX_FILES.includes(parsed.pathname.slice(slash + 1).toLowerCase())) return null;
  return `${parsed.origin}${parsed.pathname.slice(0, slash + 1)}`;
}

/** The index-file addresses of a directory URL (`/docs/` → `/docs/index.html`, …); none for any other URL. */
function indexFilesOf(url: string): string[] {
  const parsed = new URL(url);
  if (parsed.search !== "" || !parsed.pathname.endsWith("/")) return [];
  return INDEX_FILES.map((name) => `${parsed.origin}${parsed.pathname}${name}`);
}

/**
 * The target of a pushed page's canonical link when it is on one of the site's hosts; an off-site one is ignored.
 * Without `ownHost` (the crawler, which weighs the canonical link against its scope and robots.txt itself) none.
 */
export function sameSiteCanonical(cleaned: CleanedPage | null, opts: { ownHost?: (url: string) => boolean }): string | null {
  const canonical = cleaned?.canonicalUrl ? normaliseUrl(cleaned.canonicalUrl) : null;
  return canonical && opts.ownHost?.(canonical) ? canonical : null;
}

/** Where a page goes: its own URL, and the addresses that become its aliases once it is stored. */
export interface PageAddress {
  url: string;
  aliases: string[];
}

/** The address a page was read at, and what it says about its own URL. */
export interface PageRead {
  url: string;
  /** Its canonical link's target, when that is on the site. */
  canonical: string | null;
  /** The address the crawler read it at when the crawler already chose the canonical URL (`url`) itself. */
  readAt?: string;
  /** The crawl fetches the own URL itself: a page stored there keeps its own content and this read only adds an alias. */
  keepStored?: boolean;
}

export class PageAddresses {
  constructor(
    private readonly documents: DocumentStore,
    private readonly aliases: PageAliasStore,
  ) {}

  /** The own URL of a page read at an address, and the addresses that become its aliases. */
  async resolve(siteId: string, read: PageRead): Promise<PageAddress> {
    const { url, canonical } = read;
    const extra = read.readAt && read.readAt !== url ? [read.readAt] : [];
    if (canonical && canonical !== url) {
      return { url: (await this.aliases.ownerOf(siteId, [canonical])) ?? canonical, aliases: [url, ...extra] };
    }
    const directory = directoryOf(url);
    if (directory) {
      const owner = await this.aliases.ownerOf(siteId, [directory]);
      return owner ? { url: owner, aliases: [url, ...extra] } : { url, aliases: extra };
    }
    // A directory URL: an index file stored as its own page gives way to it; one that is another page's alias makes
    // the directory URL an alias of that page too.
    const owner = await this.aliases.ownerOf(siteId, indexFilesOf(url));
    if (owner === null || owner === url) return { url, aliases: extra };
    if (directoryOf(owner) === url) return { url, aliases: [owner, ...extra] };
    return { url: owner, aliases: [url, ...extra] };
  }

  /**
   * The page stored for this address: at its own URL, or, for an address kept as another page's alias (the same text),
   * that page, so a copy read again unchanged is skipped before it is cleaned and chunked.
   */
  async storedPage(siteId: string, address: PageAddress): Promise<PageRow | null> {
    const page = await this.documents.findPage(siteId, address.url);
    if (page || address.aliases.length > 0) return page;
    const owner = await this.aliases.ownerOf(siteId, [address.url]);
    return owner && owner !== address.url ? this.documents.findPage(siteId, owner) : null;
  }

  /**
   * Stores the page at its own URL (re-resolved here: another address of it may have been stored meanwhile), or, when
   * it has no other address and its title and cleaned text are stored at another URL, records it as that page's alias.
   * Runs inside the organisation's write turn, so two addresses of one page read at once still end as one page.
   */
  async store(read: PageRead, write: PageWrite & { textHash: string | null }): Promise<{ pageId: string } | { aliasOf: string }> {
    const address = await this.resolve(write.siteId, read);
    const url = address.url;
    if (read.keepStored && (await this.documents.findPage(write.siteId, url))) {
      await this.linkAll(write.siteId, address.aliases, url, write.crawlJobId);
      return { aliasOf: url };
    }
    if (url === read.url && address.aliases.length === 0 && write.textHash !== null) {
      // A page stored here before with other text merges into the twin too: the site keeps one copy of each text.
      const twin = await this.aliases.pageWithText(write.siteId, write.textHash, url);
      if (twin) {
        await this.linkAll(write.siteId, [url], twin, write.crawlJobId);
        return { aliasOf: twin };
      }
    }
    // Read at its own address: whatever page it was an alias of, it is now a page of its own.
    const owner = url === read.url ? await this.aliases.ownerOf(write.siteId, [url]) : null;
    if (owner !== null && owner !== url) await this.aliases.forget(write.siteId, url);
    const pageId = await this.documents.replacePage({ ...write, url });
    await this.linkAll(write.siteId, address.aliases, url, null);
    return { pageId };
  }

  /** Records the addresses as aliases of the page at `ownUrl`; a crawl that read one of them saw the page. */
  async linkAll(siteId: string, aliases: string[], ownUrl: string, crawlJobId: string | null | undefined): Promise<void> {
    for (const alias of aliases) await this.aliases.link(siteId, alias, ownUrl);
    if (crawlJobId) await this.documents.markCrawled(siteId, ownUrl, crawlJobId);
  }
}
