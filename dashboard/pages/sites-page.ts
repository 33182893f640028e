// The organisation's sites with status, pages and last crawl; the way in to the create wizard and each site.
import { LitElement, html } from "lit";
import { Task } from "@lit/task";
import type { SiteList } from "../../shared/sites.ts";
import { api } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { day, renderTask } from "../task-states.ts";

const BADGE = { ready: "success", pending: "neutral", error: "danger" } as const;

export class SitesPage extends LitElement {
  static override styles = pageStyles;
  private sites = new Task(this, { task: (_args: readonly [], { signal }) => api<SiteList>("GET", "/api/sites", undefined, signal), args: () => [] });

  override render() {
    return html`
      <div class="spread"><h1>Sites</h1><sl-button variant="primary" href="/dashboard/sites/new">New site</sl-button></div>
      ${renderTask(this.sites, ({ sites }) =>
        sites.length === 0
          ? html`<div class="card"><p>No site yet. Create one: give its address, crawl it, paste the snippet on your pages.</p></div>`
          : html`<div class="table-wrap"><table>
              <thead><tr><th scope="col">Site</th><th scope="col">Status</th><th scope="col">Pages</th><th scope="col">Last crawl</th></tr></thead>
              <tbody>${sites.map(
                (s) => html`<tr>
                <td><a href="/dashboard/sites/${encodeURIComponent(s.siteId)}">${s.name}</a><div class="muted">${s.baseUrl}</div></td>
                <td><sl-badge variant=${BADGE[s.status]}>${s.status}</sl-badge>${s.lastError ? html`<div class="muted">${s.lastError}</div>` : ""}</td>
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
