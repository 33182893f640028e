// One indexed page (GET /api/sites/{id}/page?url=): its fields and metadata, its cleaned text section by
// section as the chunks search reads, which chunks are embedded yet, and deleting it.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { PageChunk, PageDetail } from "../../shared/page-detail.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { day, renderTask } from "../task-states.ts";
import { navigate } from "../router.ts";
import "./site-tabs.ts";

/** Metadata the service writes itself, named for people; an owner's own fields keep their names, spaced out. */
const metadataLabels: Record<string, string> = { originalTitle: "Full title" };
const metadataLabel = (key: string) =>
  metadataLabels[key] ??
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .replace(/^./, (c) => c.toUpperCase());

export class PageDetailPage extends LitElement {
  static override properties = { siteId: {}, url: {}, error: { state: true } };
  static override styles = [
    pageStyles,
    css`
      .chunks { list-style: none; padding: 0; margin: 0; }
      .chunk { border-top: 1px solid var(--sl-color-neutral-200); padding: var(--sl-spacing-small) 0; }
      .chunk sl-details::part(base) { border: none; background: none; }
      .chunk sl-details::part(header) { padding: var(--sl-spacing-x-small) 0; }
      .chunk sl-details::part(content) { padding: 0 0 var(--sl-spacing-x-small); }
      .chunk p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
      .section { font-weight: var(--sl-font-weight-semibold); overflow-wrap: anywhere; }
      .url { overflow-wrap: anywhere; }
      .state { font-size: var(--sl-font-size-small); color: var(--sl-color-neutral-700); }
      .embedded { color: var(--sl-color-success-700); font-weight: var(--sl-font-weight-semibold); }
      dl { display: grid; grid-template-columns: fit-content(40%) 1fr; gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium); margin: 0; }
      dt { color: var(--sl-color-neutral-700); overflow-wrap: anywhere; } dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
    `,
  ];
  siteId = "";
  url = "";
  error = "";

  private page = new Task(this, {
    task: async ([siteId, url], { signal }) =>
      api<PageDetail>("GET", `/api/sites/${encodeURIComponent(siteId!)}/page?url=${encodeURIComponent(url!)}`, undefined, signal),
    args: () => [this.siteId, this.url],
  });

  private dialog(): HTMLElement & { show(): void; hide(): void } {
    return this.renderRoot.querySelector("sl-dialog")!;
  }

  private async deletePage(): Promise<void> {
    try {
      await api("DELETE", `/api/sites/${encodeURIComponent(this.siteId)}/pages`, { urls: [this.url] });
      navigate(`/sites/${encodeURIComponent(this.siteId)}/pages`);
    } catch (error) {
      this.error = errorText(error);
    }
  }

  /** Collapsed by default: a long page's text would otherwise run to thousands of pixels before anything else. */
  private chunk(chunk: PageChunk) {
    return html`<li class="chunk">
      <sl-details>
        <div slot="summary" class="spread">
          <span class="section">${chunk.headingPath.length ? chunk.headingPath.join(" › ") : "(before the first heading)"}</span>
          ${
            chunk.embedded
              ? html`<span class="state embedded" data-testid="chunk-embedded">✓ embedded</span>`
              : html`<span class="state" data-testid="chunk-waiting">not embedded yet</span>`
          }
        </div>
        <p>${chunk.text}</p>
      </sl-details>
    </li>`;
  }

  override render() {
    return html`<site-tabs .siteId=${this.siteId} current="pages"></site-tabs>${renderTask(this.page, (page) => this.renderPage(page))}`;
  }

  private renderPage(page: PageDetail) {
    const embedded = page.chunks.filter((c) => c.embedded).length;
    const metadata = Object.entries(page.metadata);
    return html`
      <p><a href="/dashboard/sites/${encodeURIComponent(this.siteId)}/pages">← All pages</a></p>
      <div class="spread">
        <h1>${page.title || "(untitled)"}</h1>
        <sl-button variant="danger" outline @click=${() => this.dialog().show()}>Delete page…</sl-button>
      </div>
      <p class="url"><a href=${page.url} rel="noopener noreferrer" target="_blank">${page.url}</a></p>
      <div class="card">
        <dl>
          <dt>Indexed</dt><dd>${day(page.indexedAt)} (${page.source === "crawl" ? "crawled" : "added through the API"})</dd>
          <dt>Summary</dt><dd>${page.summary || "—"}</dd>
          <dt>Tags</dt><dd>${page.tags.length ? page.tags.map((t) => html`<sl-badge variant="neutral" pill>${t}</sl-badge> `) : "—"}</dd>
          ${page.aliases?.length ? html`<dt>Also at</dt><dd data-testid="aliases">${page.aliases.map((url) => html`<div class="url">${url}</div>`)}</dd>` : ""}
          <dt>Chunks embedded</dt><dd data-testid="chunks-embedded">${embedded} / ${page.chunks.length}</dd>
          ${metadata.map(([key, value]) => html`<dt>${metadataLabel(key)}</dt><dd>${Array.isArray(value) ? value.join(", ") : String(value)}</dd>`)}
        </dl>
      </div>
      <div class="card">
        <h2>Cleaned text by section</h2>
        <p class="muted">What search reads: one chunk per section (open one to read it). Meaning search finds a chunk once it is embedded; keyword search at once.</p>
        <ol class="chunks" data-testid="chunks">${page.chunks.map((c) => this.chunk(c))}</ol>
      </div>
      <sl-dialog label="Delete this page?">
        <p class="url">${page.url}</p>
        ${page.aliases?.length ? html`<p>It stays searchable at its other address, ${page.aliases[0]}; delete that one too to remove it.</p>` : ""}
        ${this.error ? html`<sl-alert variant="danger" open>${this.error}</sl-alert>` : ""}
        <sl-button slot="footer" @click=${() => this.dialog().hide()}>Keep it</sl-button>
        <sl-button slot="footer" variant="danger" @click=${() => this.deletePage()}>Delete page</sl-button>
      </sl-dialog>
    `;
  }
}
customElements.define("page-detail-page", PageDetailPage);
