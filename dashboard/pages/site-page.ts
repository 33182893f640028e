// One site: its figures, crawl start and cancel with live progress (polled), public access settings,
// the snippet, and deletion confirmed by typing the site's name.
import { LitElement, html } from "lit";
import { Task } from "@lit/task";
import type { SiteDetail } from "../../shared/sites.ts";
import type { CrawlJob, StartCrawlResponse } from "../../shared/crawl.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { copyText } from "../copy-text.ts";
import { day, renderTask } from "../task-states.ts";
import { navigate } from "../router.ts";
import { snippet } from "../snippet.ts";

const LIVE = new Set(["pending", "running"]);

export class SitePage extends LitElement {
  static override properties = { siteId: {}, job: { state: true }, fresh: { state: true }, message: { state: true }, confirmName: { state: true } };
  static override styles = pageStyles;
  siteId = "";
  job: CrawlJob | null = null;
  /** The site as re-read during a crawl; shown instead of the task's first answer. */
  fresh: SiteDetail | null = null;
  message: { variant: "success" | "danger"; text: string } | null = null;
  confirmName = "";
  private timer: ReturnType<typeof setTimeout> | undefined;

  private site = new Task(this, {
    task: async ([siteId], { signal }) => {
      const site = await api<SiteDetail>("GET", `/api/sites/${encodeURIComponent(siteId!)}`, undefined, signal);
      if (site.stats.lastCrawlJobId && !this.job) this.track(await api<CrawlJob>("GET", `/api/jobs/${site.stats.lastCrawlJobId}`));
      return site;
    },
    args: () => [this.siteId],
  });

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
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

  private async saveAccess(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const get = (name: string) => form.querySelector(`[name="${name}"]`) as HTMLInputElement;
    try {
      await api("PUT", `/api/sites/${this.siteId}`, {
        publicAccess: { enabled: true, searchEnabled: get("searchEnabled").checked, chatEnabled: get("chatEnabled").checked, allowedDomains: get("allowedDomains").value.split(/[\s,]+/).filter(Boolean) },
      });
      this.message = { variant: "success", text: "Public access saved." };
    } catch (error) {
      this.message = { variant: "danger", text: errorText(error) };
    }
  }

  private async deleteSite(): Promise<void> {
    await api("DELETE", `/api/sites/${this.siteId}`);
    navigate("/sites");
  }

  private progress(job: CrawlJob) {
    const live = LIVE.has(job.status);
    return html`
      <div class="spread"><h2>Crawl</h2>
        <div class="row">${live ? html`<sl-button variant="danger" outline @click=${() => this.cancel()}>Cancel crawl</sl-button>` : html`<sl-button variant="primary" @click=${() => this.startCrawl()}>Start crawl</sl-button>`}</div>
      </div>
      <p>Job <code>${job.jobId}</code>: <strong data-testid="job-status">${job.status}</strong> ${live ? html`<sl-spinner aria-hidden="true"></sl-spinner>` : ""}</p>
      ${live ? html`<sl-progress-bar indeterminate label="Crawl in progress"></sl-progress-bar>` : ""}
      <div class="stats" aria-live="polite">
        <div class="stat"><strong data-testid="pages-discovered">${job.pagesDiscovered}</strong>discovered</div>
        <div class="stat"><strong data-testid="pages-crawled">${job.pagesCrawled}</strong>fetched</div>
        <div class="stat"><strong data-testid="pages-processed">${job.pagesProcessed}</strong>indexed</div>
        <div class="stat"><strong>${job.pagesSkipped}</strong>skipped</div>
        <div class="stat"><strong>${job.errors}</strong>errors</div>
      </div>
      ${job.currentUrl && live ? html`<p class="muted">Now: ${job.currentUrl}</p>` : ""}
      ${job.lastError ? html`<sl-alert variant="warning" open>${job.lastError}</sl-alert>` : ""}
    `;
  }

  override render() {
    return renderTask(this.site, (loaded) => this.renderSite(this.fresh ?? loaded));
  }

  private renderSite(site: SiteDetail) {
    return html`
      <div class="spread"><h1>${site.name}</h1><sl-button href="/dashboard/playground?site=${encodeURIComponent(site.siteId)}">Try a search</sl-button></div>
      <p class="muted">${site.baseUrl} · created ${day(site.createdAt)} · last crawl ${day(site.lastCrawledAt)}</p>
      ${this.message ? html`<sl-alert variant=${this.message.variant} open closable @sl-after-hide=${() => (this.message = null)}>${this.message.text}</sl-alert>` : ""}
      <div class="card">
        <div class="stats">
          <div class="stat"><strong data-testid="page-count">${site.stats.pageCount}</strong>pages</div>
          <div class="stat"><strong>${site.stats.embeddedChunkCount} / ${site.stats.chunkCount}</strong>chunks embedded</div>
          <div class="stat"><strong>${site.status}</strong>status</div>
        </div>
      </div>
      <div class="card">${this.job ? this.progress(this.job) : html`<div class="spread"><h2>Crawl</h2><sl-button variant="primary" @click=${() => this.startCrawl()}>Start crawl</sl-button></div><p class="muted">Not crawled yet.</p>`}</div>
      <div class="card">
        <h2>Public access</h2>
        <form class="stack" @submit=${this.saveAccess}>
          <sl-switch name="searchEnabled" ?checked=${site.publicAccess.enabled && site.publicAccess.searchEnabled}>Public search</sl-switch>
          <sl-switch name="chatEnabled" ?checked=${site.publicAccess.enabled && site.publicAccess.chatEnabled}>Public chat</sl-switch>
          <sl-textarea name="allowedDomains" label="Allowed domains" rows="2" .value=${site.publicAccess.allowedDomains.join(", ")}></sl-textarea>
          <div><sl-button type="submit">Save public access</sl-button></div>
        </form>
        <h2>Snippet</h2>
        <pre>${snippet(site.siteId)}</pre>
        <sl-button size="small" @click=${() => copyText(snippet(site.siteId))}>Copy snippet</sl-button>
      </div>
      <div class="card">
        <h2>Delete</h2>
        <p>Deletes the site and everything indexed for it. Type <strong>${site.name}</strong> to confirm.</p>
        <div class="row">
          <sl-input label="Site name" .value=${this.confirmName} @sl-input=${(e: Event) => (this.confirmName = (e.target as HTMLInputElement).value)}></sl-input>
          <sl-button variant="danger" ?disabled=${this.confirmName !== site.name} @click=${() => this.deleteSite()}>Delete ${site.name}</sl-button>
        </div>
      </div>
    `;
  }
}
customElements.define("site-page", SitePage);
