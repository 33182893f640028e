// Use cases on a site's pages: ingest a batch, list, delete by URL or pattern, purge. Scoped to one organisation.
import type { DeletePagesBody, IngestResponse, PageList } from "../../shared/pages.ts";
import type { PageDetail } from "../../shared/page-detail.ts";
import { badRequest, notFound } from "../errors/domain-error.ts";
import type { DocumentStore } from "../ports/document-store.ts";
import type { PageAliasStore, PageMatch } from "../ports/page-alias-store.ts";
import type { SiteStore } from "../ports/site-store.ts";
import type { SiteEvents } from "../ports/site-events.ts";
import type { IngestService } from "./ingest-service.ts";
import { compileUrlPattern, UrlPatternError, urlPatternSource, type UrlPatternSource } from "../patterns/url-pattern.ts";
import { postgresRegex } from "../patterns/postgres-regex.ts";
import { filterInSlices } from "../patterns/filter-in-slices.ts";
import { normaliseUrl } from "./url-normalise.ts";
import { siteHostCheck } from "../sites/index.ts";
import { unixSeconds } from "../../shared/unix-seconds.ts";

/** URLs read per round when a pattern has to be matched in the process. */
const URL_PAGE = 1000;

export class PageService {
  constructor(
    private readonly sites: SiteStore,
    private readonly documents: DocumentStore,
    private readonly aliases: PageAliasStore,
    private readonly ingestService: IngestService,
    private readonly siteEvents?: Pick<SiteEvents, "publish">,
  ) {}

  private async site(orgId: string, siteId: string) {
    const site = await this.sites.get(orgId, siteId);
    if (!site) throw notFound("Site");
    return site;
  }

  async ingest(orgId: string, siteId: string, pages: unknown[]): Promise<IngestResponse> {
    const site = await this.site(orgId, siteId);
    // Pages pushed through the API must be the site's own, or its search and chat would vouch for other sites.
    const ownHost = siteHostCheck({ baseUrl: site.baseUrl, allowedDomains: site.publicAccess.allowedDomains });
    return this.ingestService.ingestBatch(pages, { orgId, siteId, source: "api", ownHost });
  }

  async list(orgId: string, siteId: string, query: { limit?: number; cursor?: string; search?: string }): Promise<PageList> {
    await this.site(orgId, siteId);
    const limit = query.limit ?? 20;
    // One extra row says whether another page follows without a count query.
    const found = await this.documents.listPages(siteId, { limit: limit + 1, cursor: query.cursor, search: query.search?.trim() || undefined });
    const items = found.slice(0, limit).map((p) => ({ url: p.url, title: p.title, summary: p.summary, indexedAt: unixSeconds(p.indexedAt), tags: p.tags }));
    const hasMore = found.length > limit;
    return { items, nextCursor: hasMore ? items.at(-1)!.url : null, hasMore };
  }

  /** One page, asked for by any of its addresses, with its aliases and its chunks (cleaned text in sections, embedded or not). */
  async detail(orgId: string, siteId: string, url: string): Promise<PageDetail> {
    await this.site(orgId, siteId);
    const own = (await this.documents.findPage(siteId, url)) ? url : await this.aliases.ownerOf(siteId, [url]);
    const page = own === null ? null : await this.documents.findPage(siteId, own);
    if (!page) throw notFound("Page");
    const chunks = (await this.documents.pageChunks(page.id)).map((c) => ({
      chunkId: c.id,
      position: c.position,
      headingPath: c.headingPath,
      anchor: c.anchor,
      text: c.text,
      embedded: c.embeddedAt !== null,
      embeddedAt: c.embeddedAt ? unixSeconds(c.embeddedAt) : null,
    }));
    const { title, summary, tags, metadata, source } = page;
    const aliases = await this.aliases.aliasesOf(page.id);
    return { url: page.url, title, summary, tags, metadata, source, indexedAt: unixSeconds(page.indexedAt), aliases, chunks };
  }

  async delete(orgId: string, siteId: string, body: DeletePagesBody): Promise<{ success: true; deletedCount: number }> {
    await this.site(orgId, siteId);
    const given = [body.urls !== undefined, body.url !== undefined, body.pattern !== undefined].filter(Boolean).length;
    if (given !== 1) throw badRequest("Send exactly one of urls (exact URLs), url (one exact URL) or pattern (a glob, or a regex written /…/).");
    const urls = (body.urls ?? (body.url !== undefined ? [body.url] : [])).map((url) => normaliseUrl(url) ?? url);
    const deletedCount = body.pattern !== undefined ? await this.deleteByPattern(siteId, body.pattern) : await this.remove(siteId, { urls });
    if (deletedCount > 0) this.siteEvents?.publish({ kind: "content-changed", siteId });
    return { success: true, deletedCount };
  }

  /**
   * In SQL when PostgreSQL reads the pattern as RE2 does (every glob, most regexes); otherwise the site's URLs are
   * matched here a page of URLs at a time, so memory stays bounded and other requests keep running.
   */
  private async deleteByPattern(siteId: string, pattern: string): Promise<number> {
    let compiled: UrlPatternSource;
    try {
      compiled = urlPatternSource(pattern);
    } catch (error) {
      if (error instanceof UrlPatternError) throw badRequest(error.message);
      throw error;
    }
    const regex = postgresRegex(compiled.source);
    if (regex !== null) return this.remove(siteId, { regex, subject: compiled.subject });
    const matcher = compileUrlPattern(pattern);
    let deleted = 0;
    for (let after: string | null = null; ; ) {
      const urls = await this.documents.urlsAfter(siteId, after, URL_PAGE);
      if (urls.length === 0) return deleted;
      deleted += await this.remove(siteId, { urls: await filterInSlices(urls, (url) => matcher.test(url)) });
      after = urls.at(-1)!;
    }
  }

  /**
   * Removes addresses: an alias is forgotten, a page that keeps an alias moves there with its content, any other page
   * goes. Each removed address counts once.
   */
  private async remove(siteId: string, match: PageMatch): Promise<number> {
    return (await this.aliases.removeAliased(siteId, match)) + (await this.documents.deletePages(siteId, match));
  }

  async purge(orgId: string, siteId: string): Promise<{ success: true; deletedCount: number }> {
    await this.site(orgId, siteId);
    const deletedCount = await this.documents.deletePages(siteId, { all: true });
    this.siteEvents?.publish({ kind: "content-changed", siteId });
    return { success: true, deletedCount };
  }
}
