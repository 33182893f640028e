// The organisation's sites with status, pages and last crawl; the way in to the create wizard and each site.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { SiteList } from "../../shared/sites.ts";
import { api } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { day, renderTask } from "../task-states.ts";
import { labelCells } from "../card-table.ts";

// Text in the theme's darkest shade of each colour: Shoelace's filled badges miss AA contrast in the light theme.
const COLOUR = { ready: "success", pending: "neutral", error: "danger" } as const;

export class SitesPage extends LitElement {
  static override styles = [
    pageStyles,
    css`
      .status { font-weight: var(--sl-font-weight-semibold); }
      .neutral { color: var(--sl-color-neutral-700); } .success { color: var(--sl-color-success-700); } .danger { color: var(--sl-color-danger-700); }
    `,
  ];
  private sites = new Task(this, { task: (_args: readonly [], { signal }) => api<SiteList>("GET", "/api/sites", undefined, signal), args: () => [] });

  override updated(): void {
    labelCells(this.renderRoot);
  }

  override render() {
    return html`
      <div class="spread"><h1>Sites</h1><sl-button variant="primary" href="/dashboard/sites/new">New site</sl-button></div>
      ${renderTask(this.sites, ({ sites }) =>
        sites.length === 0
          ? html`<div class="card"><p>No site yet. Create one: give its address, crawl it, paste the snippet on your pages.</p></div>`
          : html`<div class="table-wrap"><table class="cards" data-testid="sites-table">
              <thead><tr><th scope="col">Site</th><th scope="col">Status</th><th scope="col">Pages</th><th scope="col">Last crawl</th></tr></thead>
              <tbody>${sites.map(
                (s) => html`<tr>
                <td><a href="/dashboard/sites/${encodeURIComponent(s.siteId)}">${s.name}</a><div class="muted">${s.baseUrl}</div></td>
                <td><span class="status ${COLOUR[s.status]}">${s.status}</span>${s.lastError ? html`<div class="muted">${s.lastError}</div>` : ""}</td>
                <td>${s.pageCount}</td>
                <td>${day(s.lastCrawledAt)}</td>
              </tr>`,
              )}</tbody>
            </table></div>`,
      )}
    `;
  }
}
customElements.define("sites-page", SitesPage);
