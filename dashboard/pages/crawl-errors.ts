// <crawl-errors>: each address a crawl job could not fetch or index, with the reason (GET /api/jobs/{id}/errors);
// re-read whenever the job's error counters move, so errors appear while the crawl runs.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { CrawlJob } from "../../shared/crawl.ts";
import type { CrawlJobErrors } from "../../shared/crawl-history.ts";
import { api } from "../api.ts";
import { pageStyles } from "../page-styles.ts";

const SHOWN = 25;

export class CrawlErrors extends LitElement {
  static override properties = { job: { attribute: false } };
  static override styles = [pageStyles, css`code { word-break: break-all; } ul { padding-left: var(--sl-spacing-large); }`];
  job: CrawlJob | null = null;

  private errors = new Task(this, {
    task: async ([jobId], { signal }) =>
      jobId ? api<CrawlJobErrors>("GET", `/api/jobs/${encodeURIComponent(jobId)}/errors`, undefined, signal) : { errors: [] },
    args: () => [this.job?.jobId ?? "", this.job?.pagesErrored ?? 0, this.job?.errors ?? 0] as const,
  });

  override render() {
    const found = this.errors.value?.errors ?? [];
    if (found.length === 0) return html``;
    // A site full of dead links would otherwise make this screen endless.
    return html`<h3>Errors (${found.length})</h3>
      <ul data-testid="crawl-errors">${found.slice(0, SHOWN).map((e) => html`<li><code>${e.url}</code>: ${e.reason}</li>`)}</ul>
      ${found.length > SHOWN ? html`<p class="muted">…and ${found.length - SHOWN} more.</p>` : ""}`;
  }
}
customElements.define("crawl-errors", CrawlErrors);
