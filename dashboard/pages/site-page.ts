// One site's overview: its figures, crawl start and cancel with live progress (polled), the job's errors,
// the crawl history and the snippet. Settings and deletion live on the settings screen.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { SiteDetail } from "../../shared/sites.ts";
import type { CrawlJob, StartCrawlResponse } from "../../shared/crawl.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { copyText } from "../copy-text.ts";
import { day, renderTask } from "../task-states.ts";
import { snippet, snippetOrigins } from "../snippet.ts";
import { indexingView } from "./site-indexing.ts";
import "./site-tabs.ts";
import "./refused-origins.ts";
import "./crawl-history.ts";
import "./crawl-errors.ts";

const LIVE = new Set(["pending", "running"]);

export class SitePage extends LitElement {
  static override properties = { siteId: {}, job: { state: true }, fresh: { state: true }, message: { state: true } };
  static override styles = [
    pageStyles,
    css`.now { word-break: break-all; } .indexing { max-width: none; margin-top: var(--sl-spacing-medium); } .snippet sl-button { margin: var(--sl-spacing-x-small) 0; }
      .crawl-bar { display: block; margin-bottom: var(--sl-spacing-medium); }`,
  ];
  siteId = "";
  job: CrawlJob | null = null;
  /** The site as re-read during a crawl; shown instead of the task's first answer. */
  fresh: SiteDetail | null = null;
  message: { variant: "success" | "danger"; text: string } | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private indexTimer: ReturnType<typeof setTimeout> | undefined;

  private site = new Task(this, {
    task: async ([siteId], { signal }) => {
      const site = await api<SiteDetail>("GET", `/api/sites/${encodeURIComponent(siteId!)}`, undefined, signal);
      if (site.stats.lastCrawlJobId && !this.job) this.track(await api<CrawlJob>("GET", `/api/jobs/${site.stats.lastCrawlJobId}`));
      this.followIndexing(site);
      return site;
    },
    args: () => [this.siteId],
  });

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
    clearTimeout(this.indexTimer);
  }

  /** While chunks wait for their vectors the figures are re-read every two seconds, crawl or not. */
  private followIndexing(site: SiteDetail): void {
    clearTimeout(this.indexTimer);
    if (site.indexing.state === "indexing" && this.isConnected) this.indexTimer = setTimeout(() => void this.refresh(), 2000);
  }

  /** Polls the job every second while it runs; the site's figures reload when it ends. */
  private track(job: CrawlJob): void {
    const wasLive = this.job !== null && LIVE.has(this.job.status);
    this.job = job;
    clearTimeout(this.timer);
    // The worker marks the job done, then the site ready: look at the site once more just after.
    if (!LIVE.has(job.status) && wasLive) this.timer = setTimeout(() => void this.refresh(), 1500);
    if (!LIVE.has(job.status)) return;
    this.timer = setTimeout(async () => {
      const next = await api<CrawlJob>("GET", `/api/jobs/${job.jobId}`).catch(() => job);
      this.track(next);
      // The site's own figures (pages, chunks embedded, status) move with the crawl too.
      void this.refresh();
    }, 1000);
  }

  private async refresh(): Promise<void> {
    this.fresh = await api<SiteDetail>("GET", `/api/sites/${encodeURIComponent(this.siteId)}`).catch(() => this.fresh);
    if (this.fresh) this.followIndexing(this.fresh);
  }

  private async startCrawl(): Promise<void> {
    try {
      const started = await api<StartCrawlResponse>("POST", `/api/sites/${this.siteId}/crawl`);
      this.track(await api<CrawlJob>("GET", `/api/jobs/${started.jobId}`));
    } catch (error) {
      this.message = { variant: "danger", text: errorText(error) };
    }
  }

  private async cancel(): Promise<void> {
    const { job } = await api<{ job: CrawlJob }>("DELETE", `/api/jobs/${this.job!.jobId}`);
    this.track(job);
  }

  private progress(job: CrawlJob) {
    const live = LIVE.has(job.status);
    return html`
      <div class="spread"><h2>Crawl</h2>
        <div class="row">${live ? html`<sl-button variant="danger" outline @click=${() => this.cancel()}>Cancel crawl</sl-button>` : html`<sl-button variant="primary" @click=${() => this.startCrawl()}>Start crawl</sl-button>`}</div>
      </div>
      <p>Job <code>${job.jobId}</code>: <strong data-testid="job-status">${job.status}</strong> ${live ? html`<sl-spinner aria-hidden="true"></sl-spinner>` : ""}</p>
      ${live ? html`<sl-progress-bar class="crawl-bar" indeterminate label="Crawl in progress"></sl-progress-bar>` : ""}
      <div class="stats" aria-live="polite">
        <div class="stat"><strong data-testid="pages-discovered">${job.pagesDiscovered}</strong>discovered</div>
        <div class="stat"><strong data-testid="pages-crawled">${job.pagesCrawled}</strong>fetched</div>
        <div class="stat"><strong data-testid="pages-processed">${job.pagesProcessed}</strong>indexed</div>
        <div class="stat"><strong data-testid="pages-skipped">${job.pagesSkipped}</strong>skipped</div>
        <div class="stat"><strong data-testid="pages-errored">${job.pagesErrored}</strong>errors</div>
      </div>
      ${job.currentUrl && live ? html`<p class="muted now" data-testid="current-url">Now: ${job.currentUrl}</p>` : ""}
      ${job.lastError ? html`<sl-alert variant="warning" open>${job.lastError}</sl-alert>` : ""}
      <crawl-errors .job=${job}></crawl-errors>
    `;
  }

  override render() {
    return renderTask(this.site, (loaded) => this.renderSite(this.fresh ?? loaded));
  }

  private renderSite(site: SiteDetail) {
    return html`
      <div class="spread"><h1>${site.name}</h1><sl-button href="/dashboard/playground?site=${encodeURIComponent(site.siteId)}">Try a search</sl-button></div>
      <site-tabs .siteId=${site.siteId} current="overview"></site-tabs>
      <p class="muted">${site.baseUrl} · created ${day(site.createdAt)} · last crawl ${day(site.lastCrawledAt)}
        · <span data-testid="next-scheduled">${site.nextCrawlAt ? `next crawl ${day(site.nextCrawlAt)} UTC` : "no schedule"}</span>
        (<a href="/dashboard/sites/${encodeURIComponent(site.siteId)}/settings">change</a>)${site.stale ? html` · <strong>a scheduled crawl is overdue</strong>` : ""}</p>
      ${this.message ? html`<sl-alert variant=${this.message.variant} open closable @sl-after-hide=${() => (this.message = null)}>${this.message.text}</sl-alert>` : ""}
      <div class="card">
        <div class="stats">
          <div class="stat"><strong data-testid="page-count">${site.stats.pageCount}</strong>pages</div>
          <div class="stat"><strong>${site.stats.embeddedChunkCount} / ${site.stats.chunkCount}</strong>chunks embedded</div>
          <div class="stat"><strong data-testid="site-status">${site.status === "ready" && site.indexing.state === "indexing" ? "indexing" : site.status}</strong>status</div>
        </div>
        ${indexingView(site.indexing)}
      </div>
      <div class="card">${this.job ? this.progress(this.job) : html`<div class="spread"><h2>Crawl</h2><sl-button variant="primary" @click=${() => this.startCrawl()}>Start crawl</sl-button></div><p class="muted">Not crawled yet.</p>`}</div>
      <div class="card"><crawl-history .siteId=${site.siteId} revision=${this.job ? `${this.job.jobId}:${this.job.status}` : ""}></crawl-history></div>
      <div class="card snippet">
        <h2>Snippet</h2>
        <pre>${snippet(site.siteId)}</pre>
        <sl-button size="small" @click=${() => copyText(snippet(site.siteId))}>Copy snippet</sl-button>
        ${snippetOrigins(site.publicAccess)}
        <p class="muted">Public access, allowed domains and every other setting:
          <a href="/dashboard/sites/${encodeURIComponent(site.siteId)}/settings">Settings</a>.</p>
      </div>
      <div class="card"><refused-origins .site=${site} @site-updated=${() => void this.refresh()}></refused-origins></div>
    `;
  }
}
customElements.define("site-page", SitePage);
