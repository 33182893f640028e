// A site's pages: filter by URL or title, page through them (the API's cursor), open one, delete one,
// and add one by pasting its HTML or text.
import { LitElement, css, html } from "lit";
import { Task, TaskStatus } from "@lit/task";
import type { IngestResponse, PageList, PageListItem } from "../../shared/pages.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { day, renderTask } from "../task-states.ts";
import "./site-tabs.ts";
import "./page-add-form.ts";

const PAGE_SIZE = 10;

export const pageViewHref = (siteId: string, url: string) => `/dashboard/sites/${encodeURIComponent(siteId)}/pages/view?url=${encodeURIComponent(url)}`;

export class SitePagesPage extends LitElement {
  static override properties = { siteId: {}, search: { state: true }, cursors: { state: true }, deleting: { state: true }, message: { state: true } };
  static override styles = [
    pageStyles,
    css`.url { word-break: break-all; } .title { min-width: 9rem; }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }`,
  ];
  siteId = "";
  search = "";
  /** Cursors of the pages seen so far: the last one is the page on screen ("" is the first page). */
  cursors: string[] = [""];
  deleting: PageListItem | null = null;
  message: { variant: "success" | "danger"; text: string } | null = null;
  private revision = 0;

  private list = new Task(this, {
    task: async ([siteId, search, cursor], { signal }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) });
      return api<PageList>("GET", `/api/sites/${encodeURIComponent(siteId!)}/pages?${query}`, undefined, signal);
    },
    args: () => [this.siteId, this.search, this.cursors.at(-1) ?? "", this.revision] as const,
  });

  private filter(event: SubmitEvent): void {
    event.preventDefault();
    const input = this.renderRoot.querySelector('[name="search"]') as HTMLInputElement;
    this.search = input.value.trim();
    this.cursors = [""];
  }

  private reload(): void {
    this.revision++;
    this.list.run();
  }

  private async deletePage(page: PageListItem): Promise<void> {
    try {
      const { deletedCount } = await api<{ deletedCount: number }>("DELETE", `/api/sites/${encodeURIComponent(this.siteId)}/pages`, { urls: [page.url] });
      this.message = { variant: "success", text: deletedCount ? `Deleted ${page.url}.` : `${page.url} was already gone.` };
      this.reload();
    } catch (error) {
      this.message = { variant: "danger", text: errorText(error) };
    }
    (this.renderRoot.querySelector("sl-dialog") as HTMLElement & { hide(): void }).hide();
  }

  private added(event: CustomEvent<IngestResponse>): void {
    const { processed, skipped, errors } = event.detail;
    // The form shows a refused page's reason beside itself.
    if (errors.length) return;
    const text = processed
      ? "Page added; it is searchable now, and by meaning once its chunks are embedded."
      : skipped
        ? "Unchanged: that page is already indexed with this content."
        : "Nothing added.";
    this.message = { variant: "success", text };
    this.reload();
  }

  private renderTable(list: PageList) {
    if (list.items.length === 0) {
      const why = this.search ? `No page matches “${this.search}”.` : "No pages yet: crawl the site or add one below.";
      return html`<p class="muted" data-testid="pages-empty">${why}</p>`;
    }
    const busy = this.list.status === TaskStatus.PENDING;
    return html`<div class="table-wrap"><table data-testid="pages-table" aria-busy=${busy ? "true" : "false"}>
      <thead><tr><th scope="col">Page</th><th scope="col">Indexed</th><th scope="col">Actions</th></tr></thead>
      <tbody>${list.items.map(
        (page) => html`<tr>
        <td class="title"><a href=${pageViewHref(this.siteId, page.url)}>${page.title || "(untitled)"}</a><div class="muted url">${page.url}</div></td>
        <td>${day(page.indexedAt)}</td>
        <td><sl-button size="small" variant="danger" outline @click=${() => this.confirmDelete(page)}>
          Delete<span class="sr"> ${page.title || page.url}</span></sl-button></td>
      </tr>`,
      )}</tbody></table></div>`;
  }

  private confirmDelete(page: PageListItem): void {
    this.deleting = page;
    void this.updateComplete.then(() => (this.renderRoot.querySelector("sl-dialog") as HTMLElement & { show(): void }).show());
  }

  /** Shoelace's inner popups fire sl-after-hide too; only the dialog's own ends the deletion. */
  private dialogClosed(event: Event): void {
    if (event.target === event.currentTarget) this.deleting = null;
  }

  private pager(list: PageList) {
    const page = this.cursors.length;
    return html`<div class="row" role="group" aria-label="Page through the list">
      <sl-button size="small" ?disabled=${page === 1} @click=${() => (this.cursors = this.cursors.slice(0, -1))}>Previous</sl-button>
      <span class="muted" data-testid="pages-page">Page ${page}</span>
      <sl-button size="small" ?disabled=${!list.hasMore} @click=${() => (this.cursors = [...this.cursors, list.nextCursor!])}>Next</sl-button>
    </div>`;
  }

  override render() {
    return html`
      <h1>Pages</h1>
      <site-tabs .siteId=${this.siteId} current="pages"></site-tabs>
      ${
        this.message
          ? html`<sl-alert variant=${this.message.variant} open closable data-testid="pages-message"
            @sl-after-hide=${() => (this.message = null)}>${this.message.text}</sl-alert>`
          : ""
      }
      <div class="card">
        <form class="row" role="search" @submit=${this.filter}>
          <sl-input name="search" label="Filter by URL or title" .value=${this.search} clearable></sl-input>
          <sl-button type="submit">Filter</sl-button>
        </form>
        ${renderTask(this.list, (list) => html`${this.renderTable(list)}${this.pager(list)}`)}
      </div>
      <div class="card"><page-add-form .siteId=${this.siteId} @page-added=${this.added}></page-add-form></div>
      <sl-dialog label="Delete this page?" @sl-after-hide=${(e: Event) => this.dialogClosed(e)}>
        <p>${this.deleting?.url}</p>
        <p class="muted">It leaves search and chat at once. A later crawl adds it back if the site still links to it; exclude it in Settings to keep it out.</p>
        <sl-button slot="footer" @click=${() => (this.renderRoot.querySelector("sl-dialog") as HTMLElement & { hide(): void }).hide()}>Keep it</sl-button>
        <sl-button slot="footer" variant="danger" @click=${() => this.deleting && this.deletePage(this.deleting)}>Delete page</sl-button>
      </sl-dialog>
    `;
  }
}
customElements.define("site-pages-page", SitePagesPage);
