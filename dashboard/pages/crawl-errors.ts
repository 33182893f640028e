// <crawl-errors>: on a site's overview, what a crawl job could not fetch or index (GET /api/jobs/{id}/errors): the
// counts by kind, a hint when most are missing pages under one folder, the first few addresses, and a link to all of
// them; re-read whenever the job's error counters move, so errors appear while the crawl runs.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { CrawlJob } from "../../shared/crawl.ts";
import type { CrawlErrorPattern, CrawlJobErrors } from "../../shared/crawl-history.ts";
import { api } from "../api.ts";
import { pageStyles } from "../page-styles.ts";

const SHOWN = 10;

/** "Most errors are 404s under one folder": says which, and how to stop crawling it. */
export function patternHint(pattern: CrawlErrorPattern | null, total: number, siteId: string) {
  if (!pattern) return "";
  return html`<sl-alert variant="warning" open data-testid="error-pattern">
    <sl-icon slot="icon" name="info-circle"></sl-icon>
    <strong>${pattern.count} of ${total} errors are ${pattern.kind} under <code>${pattern.prefix}</code>.</strong>
    Pages on the site link to a folder that does not exist: fix those links, or stop crawling it by adding
    <code>${pattern.exclude}</code> under "Never crawl URLs matching" in
    <a href="/dashboard/sites/${encodeURIComponent(siteId)}/settings">Settings</a>.
  </sl-alert>`;
}

export const errorsHref = (siteId: string, jobId: string) => `/dashboard/sites/${encodeURIComponent(siteId)}/errors?job=${encodeURIComponent(jobId)}`;

export class CrawlErrors extends LitElement {
  static override properties = { job: { attribute: false } };
  static override styles = [
    pageStyles,
    css`code { word-break: break-all; } ul { padding-left: var(--sl-spacing-large); } .kinds { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: var(--sl-spacing-x-small); }
    .kind { border: 1px solid var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-pill); padding: 0 var(--sl-spacing-small); }`,
  ];
  job: CrawlJob | null = null;

  private errors = new Task(this, {
    task: async ([jobId], { signal }) =>
      jobId ? api<CrawlJobErrors>("GET", `/api/jobs/${encodeURIComponent(jobId)}/errors?limit=${SHOWN}`, undefined, signal) : null,
    args: () => [this.job?.jobId ?? "", this.job?.pagesErrored ?? 0, this.job?.errors ?? 0] as const,
  });

  override render() {
    const found = this.errors.value;
    if (!found || found.total === 0 || !this.job) return html``;
    const { siteId, jobId } = this.job;
    return html`<h3>Errors (${found.total})</h3>
      <ul class="kinds" aria-label="Errors by kind">${found.groups.map((g) => html`<li class="kind"><strong>${g.count}</strong> ${g.kind}</li>`)}</ul>
      ${patternHint(found.pattern, found.total, siteId)}
      <ul data-testid="crawl-errors">${found.errors.map((e) => html`<li><code>${e.url}</code>: ${e.reason}</li>`)}</ul>
      <p><a href=${errorsHref(siteId, jobId)} data-testid="all-errors">${
        found.total > found.errors.length ? `All ${found.total} errors` : "Errors by kind"
      }: filter them and export them as CSV</a></p>`;
  }
}
customElements.define("crawl-errors", CrawlErrors);
