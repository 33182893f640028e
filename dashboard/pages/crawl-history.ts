// <crawl-history>: a site's past crawl jobs (GET /api/sites/{id}/jobs) with status, counters and duration;
// reloads whenever `revision` changes (the overview bumps it when a job starts or ends), and every few seconds while
// a job in it runs, so its counters and duration move with the crawl instead of reading "running · 0 s · 0".
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { CrawlJob } from "../../shared/crawl.ts";
import type { CrawlJobList } from "../../shared/crawl-history.ts";
import { api } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { day, renderTask } from "../task-states.ts";
import { labelCells } from "../card-table.ts";

// Text in the theme's darkest shade of each colour: Shoelace's filled badges miss AA contrast in the light theme.
const COLOUR: Record<CrawlJob["status"], string> = { pending: "neutral", running: "primary", completed: "success", failed: "danger", cancelled: "warning" };

export function duration(job: CrawlJob): string {
  if (!job.startedAt) return "—";
  const seconds = (job.completedAt ?? Math.floor(Date.now() / 1000)) - job.startedAt;
  return seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${(seconds / 3600).toFixed(1)} h`;
}

const refreshMs = 3000;

export class CrawlHistory extends LitElement {
  static override properties = { siteId: {}, revision: {} };
  static override styles = [
    pageStyles,
    css`
      .status { font-weight: var(--sl-font-weight-semibold); }
      .neutral { color: var(--sl-color-neutral-700); } .primary { color: var(--sl-color-primary-700); } .success { color: var(--sl-color-success-700); }
      .danger { color: var(--sl-color-danger-700); } .warning { color: var(--sl-color-warning-700); }
    `,
  ];
  siteId = "";
  revision = "";

  private jobs = new Task(this, {
    task: async ([siteId], { signal }) => {
      const list = await api<CrawlJobList>("GET", `/api/sites/${encodeURIComponent(siteId!)}/jobs?limit=20`, undefined, signal);
      this.#refreshWhileRunning(list.jobs);
      return list;
    },
    args: () => [this.siteId, this.revision],
  });
  #timer: ReturnType<typeof setTimeout> | undefined;

  #refreshWhileRunning(jobs: CrawlJob[]): void {
    clearTimeout(this.#timer);
    if (!this.isConnected || !jobs.some((j) => j.status === "running" || j.status === "pending")) return;
    this.#timer = setTimeout(() => void this.jobs.run(), refreshMs);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
  }

  override updated(): void {
    labelCells(this.renderRoot);
  }

  override render() {
    return html`<h2>Crawl history</h2>${renderTask(this.jobs, ({ jobs }) =>
      jobs.length === 0
        ? html`<p class="muted">No crawl yet.</p>`
        : html`<div class="table-wrap"><table class="cards" data-testid="crawl-history">
            <thead><tr><th scope="col">Started</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">Fetched</th>
              <th scope="col">Indexed</th><th scope="col">Skipped</th><th scope="col">Errors</th></tr></thead>
            <tbody>${jobs.map(
              (job) => html`<tr>
              <td>${day(job.startedAt ?? job.createdAt)}</td>
              <td><span class="status ${COLOUR[job.status]}">${job.status}</span></td>
              <td>${duration(job)}</td><td>${job.pagesCrawled}</td><td>${job.pagesProcessed}</td><td>${job.pagesSkipped}</td><td>${job.pagesErrored}</td>
            </tr>`,
            )}</tbody></table></div>`,
    )}`;
  }
}
customElements.define("crawl-history", CrawlHistory);
