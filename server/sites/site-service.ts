// Use cases on sites: create with defaults, read, partial update, delete. Scoped to one organisation.
import type { CreateSiteBody, SiteDetail, SiteSummary, UpdateSiteBody } from "../../shared/sites.ts";
import { notFound } from "../errors/domain-error.ts";
import type { SiteStore } from "../ports/site-store.ts";
import { defaultCrawlerConfig, defaultPublicAccess, defaultRateLimits, mergeSettings } from "./site-settings.ts";
import { siteDetail, siteIndexing, siteSummary } from "./site-view.ts";
import { checkSettingsPatterns } from "./settings-patterns.ts";
import type { CrawlerSettings } from "../connectors/index.ts";
import type { RefusedOriginStore } from "../ports/refused-origin-store.ts";
import type { SiteEvents } from "../ports/site-events.ts";
import { domainEntryFor, type RefusedOrigin } from "../../shared/refused-origins.ts";
import { unixSeconds } from "../../shared/unix-seconds.ts";
import { originAllowed } from "./allowed-origins.ts";

export class SiteService {
  constructor(
    private readonly store: SiteStore,
    /** Told after settings changed (cached answers depend on boosts and access rules) and after a delete. */
    private readonly events?: Pick<SiteEvents, "publish">,
    /** Schedules and credentials in crawlerConfig (server/connectors/crawler-settings.ts). */
    private readonly crawlerSettings?: CrawlerSettings,
    private readonly refusedOrigins?: RefusedOriginStore,
  ) {}

  async create(orgId: string, body: CreateSiteBody): Promise<SiteSummary> {
    checkSettingsPatterns(body);
    const crawlerConfig = { ...defaultCrawlerConfig(), ...body.crawlerConfig };
    const connectorColumns = this.crawlerSettings
      ? await this.crawlerSettings.columns(body.crawlerConfig, crawlerConfig, { next: body.baseUrl })
      : { crawlerConfig };
    const row = await this.store.create({
      orgId,
      name: body.name.trim(),
      baseUrl: body.baseUrl,
      description: body.description ?? "",
      ...connectorColumns,
      publicAccess: defaultPublicAccess(),
      rateLimits: defaultRateLimits(),
    });
    return siteSummary(row);
  }

  async list(orgId: string): Promise<SiteSummary[]> {
    return (await this.store.list(orgId)).map(siteSummary);
  }

  async get(orgId: string, siteId: string): Promise<SiteDetail> {
    const row = await this.store.get(orgId, siteId);
    if (!row) throw notFound("Site");
    const [stats, recent] = await Promise.all([this.store.stats(row.id), this.store.recentEmbedding(row.id)]);
    return siteDetail(row, stats, siteIndexing(stats, recent));
  }

  /** Origins refused lately that the site's allowed domains still refuse, most recently seen first. */
  async refused(orgId: string, siteId: string): Promise<RefusedOrigin[]> {
    const row = await this.store.get(orgId, siteId);
    if (!row) throw notFound("Site");
    const kept = (await this.refusedOrigins?.list(siteId)) ?? [];
    return kept.flatMap((r) => {
      const domain = domainEntryFor(r.origin);
      if (domain === null || originAllowed(r.origin, row.publicAccess.allowedDomains)) return [];
      return [{ origin: r.origin, domain, count: r.count, firstSeenAt: unixSeconds(r.firstSeenAt), lastSeenAt: unixSeconds(r.lastSeenAt) }];
    });
  }

  async update(orgId: string, siteId: string, patch: UpdateSiteBody): Promise<void> {
    checkSettingsPatterns(patch);
    const current = await this.store.get(orgId, siteId);
    if (!current) throw notFound("Site");
    const { crawlerConfig: _c, publicAccess: _p, rateLimits: _r, name, ...rest } = patch;
    const merged = mergeSettings(current, patch);
    // A new base URL is a connector change too: credentials stay with the origin they were given for.
    const baseUrl = { current: current.baseUrl, next: patch.baseUrl ?? current.baseUrl };
    const crawlerConfig = merged.crawlerConfig ?? (patch.baseUrl !== undefined && current.crawlerAuth ? current.crawlerConfig : undefined);
    const connectorColumns =
      crawlerConfig && this.crawlerSettings ? await this.crawlerSettings.columns(patch.crawlerConfig, crawlerConfig, baseUrl, current.crawlerConfig) : {};
    const updated = await this.store.update(orgId, siteId, {
      ...rest,
      ...(name !== undefined ? { name: name.trim() } : {}),
      ...merged,
      ...connectorColumns,
    });
    if (!updated) throw notFound("Site");
    this.events?.publish({ kind: "settings-changed", siteId });
  }

  async delete(orgId: string, siteId: string): Promise<void> {
    if (!(await this.store.delete(orgId, siteId))) throw notFound("Site");
    // The row cascades to pages and chunks; an external index hears of it through the outbox (SiteStore.delete).
    this.events?.publish({ kind: "deleted", siteId });
  }
}
