// Every address one crawl job could not fetch or index (GET /api/jobs/{id}/errors, a page at a time): counts by kind
// as a filter, a search on the address, "Show more", and a CSV export of everything the filter matches.
import { LitElement, css, html } from "lit";
import type { CrawlJobError, CrawlJobErrors } from "../../shared/crawl-history.ts";
import { Limits } from "../../shared/limits.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { labelCells } from "../card-table.ts";
import { downloadCsv } from "../csv.ts";
import { patternHint } from "./crawl-errors.ts";
import "./site-tabs.ts";

const PAGE = 100;

export class SiteErrorsPage extends LitElement {
  static override properties = {
    siteId: {},
    jobId: {},
    kind: { state: true },
    search: { state: true },
    loaded: { state: true },
    rows: { state: true },
    error: { state: true },
    busy: { state: true },
  };
  static override styles = [
    pageStyles,
    css`
      form.row { align-items: flex-end; margin: var(--sl-spacing-medium) 0; }
      form sl-select, form sl-input { flex: 1 1 14rem; }
      td code { word-break: break-all; }
    `,
  ];
  siteId = "";
  jobId = "";
  kind = "";
  search = "";
  /** The first answer for the current filter: counts, pattern and where the next page starts. */
  loaded: CrawlJobErrors | null = null;
  rows: CrawlJobError[] = [];
  error = "";
  busy = false;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  override updated(): void {
    labelCells(this.renderRoot);
  }

  private query(limit: number, cursor: string | null): string {
    const q = new URLSearchParams({ limit: String(limit) });
    if (cursor) q.set("cursor", cursor);
    if (this.kind) q.set("kind", this.kind);
    if (this.search) q.set("search", this.search);
    return `/api/jobs/${encodeURIComponent(this.jobId)}/errors?${q}`;
  }

  /** The first page for the filter, or (more) the page after the rows shown. */
  private async load(more = false): Promise<void> {
    this.busy = true;
    try {
      const page = await api<CrawlJobErrors>("GET", this.query(PAGE, more ? this.loaded!.nextCursor : null));
      this.rows = more ? [...this.rows, ...page.errors] : page.errors;
      this.loaded = page;
      this.error = "";
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  private filter(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const value = (name: string) => (form.querySelector(`[name="${name}"]`) as unknown as { value: string }).value;
    this.kind = value("kind") === "all" ? "" : decodeURIComponent(value("kind"));
    this.search = value("search").trim();
    void this.load();
  }

  /** Every error the filter matches, read in the largest pages the API gives. */
  private async exportCsv(): Promise<void> {
    this.busy = true;
    try {
      const all: CrawlJobError[] = [];
      let cursor: string | null = null;
      do {
        const page: CrawlJobErrors = await api<CrawlJobErrors>("GET", this.query(Limits.crawlErrorListMax, cursor));
        all.push(...page.errors);
        cursor = page.hasMore ? page.nextCursor : null;
      } while (cursor);
      downloadCsv(
        `crawl-errors-${this.jobId}.csv`,
        ["Address", "Reason"],
        all.map((e) => [e.url, e.reason]),
      );
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  override render() {
    const page = this.loaded;
    const all = page?.groups.reduce((sum, g) => sum + g.count, 0) ?? 0;
    return html`
      <h1>Crawl errors</h1>
      <site-tabs .siteId=${this.siteId} current="overview"></site-tabs>
      <p class="muted">Job <code>${this.jobId}</code>: every address the crawl could not fetch or index, with the reason.</p>
      ${this.error ? html`<sl-alert variant="danger" open>${this.error}</sl-alert>` : ""}
      ${page ? this.renderLoaded(page, all) : html`<sl-spinner aria-label="Loading"></sl-spinner>`}
    `;
  }

  private renderLoaded(page: CrawlJobErrors, all: number) {
    return html`
      ${patternHint(page.pattern, all, this.siteId)}
      <form class="row" @submit=${this.filter}>
        <sl-select name="kind" label="Kind" value=${this.kind ? encodeURIComponent(this.kind) : "all"}>
          <sl-option value="all">Every kind (${all})</sl-option>
          ${
            // Encoded: Shoelace's select turns the spaces of a value into underscores.
            page.groups.map((g) => html`<sl-option value=${encodeURIComponent(g.kind)}>${g.kind} (${g.count})</sl-option>`)
          }
        </sl-select>
        <sl-input name="search" label="Address contains" .value=${this.search} clearable></sl-input>
        <sl-button type="submit">Filter</sl-button>
      </form>
      <div class="spread">
        <p role="status" data-testid="errors-shown">${this.rows.length} of ${page.total} shown${this.kind || this.search ? " (filtered)" : ""}.</p>
        <sl-button size="small" ?disabled=${page.total === 0} ?loading=${this.busy} @click=${() => this.exportCsv()}>Export CSV (${page.total})</sl-button>
      </div>
      ${
        this.rows.length === 0
          ? html`<p class="muted">No error matches.</p>`
          : html`<div class="table-wrap"><table class="cards" data-testid="errors-table" aria-busy=${this.busy ? "true" : "false"}>
              <thead><tr><th scope="col">Address</th><th scope="col">Reason</th></tr></thead>
              <tbody>${this.rows.map((e) => html`<tr><td><code>${e.url}</code></td><td>${e.reason}</td></tr>`)}</tbody>
            </table></div>`
      }
      ${page.hasMore ? html`<sl-button ?loading=${this.busy} @click=${() => this.load(true)}>Show ${PAGE} more</sl-button>` : ""}
    `;
  }
}
customElements.define("site-errors-page", SiteErrorsPage);
