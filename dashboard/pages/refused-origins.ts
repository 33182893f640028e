// Origins the site's allowed domains refused lately, each with a one-click "Allow" that adds its entry to Allowed
// domains; fires "site-updated" after a change so the page re-reads the site.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { SiteDetail } from "../../shared/sites.ts";
import type { RefusedOrigin, RefusedOriginList } from "../../shared/refused-origins.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { day, renderTask } from "../task-states.ts";
import { labelCells } from "../card-table.ts";

export class RefusedOrigins extends LitElement {
  static override properties = { site: { attribute: false }, message: { state: true } };
  static override styles = [
    pageStyles,
    css`.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }`,
  ];
  site: SiteDetail | null = null;
  message: { variant: "success" | "danger"; text: string } | null = null;

  private origins = new Task(this, {
    // The allowed domains are an argument: after "Allow" the site is re-read and the list with it.
    task: async ([siteId], { signal }) =>
      (await api<RefusedOriginList>("GET", `/api/sites/${encodeURIComponent(siteId!)}/refused-origins`, undefined, signal)).origins,
    args: () => [this.site?.siteId ?? "", this.site?.publicAccess.allowedDomains.join(",") ?? ""],
  });

  private async allow(refused: RefusedOrigin): Promise<void> {
    const site = this.site!;
    try {
      const allowedDomains = [...site.publicAccess.allowedDomains.filter((d) => d !== refused.domain), refused.domain];
      await api("PUT", `/api/sites/${encodeURIComponent(site.siteId)}`, { publicAccess: { allowedDomains } });
      this.message = { variant: "success", text: `${refused.domain} is now an allowed domain: pages on ${refused.origin} can use the search.` };
      this.dispatchEvent(new Event("site-updated", { bubbles: true, composed: true }));
    } catch (error) {
      this.message = { variant: "danger", text: errorText(error) };
    }
  }

  override updated(): void {
    labelCells(this.renderRoot);
  }

  override render() {
    return html`
      <h2>Refused origins</h2>
      ${this.message ? html`<sl-alert variant=${this.message.variant} open closable @sl-after-hide=${() => (this.message = null)}>${this.message.text}</sl-alert>` : ""}
      ${renderTask(this.origins, (origins) => (origins.length === 0 ? html`<p class="muted" data-testid="no-refused-origins">No page outside the allowed domains has tried to use this site lately.</p>` : this.table(origins)))}
    `;
  }

  private table(origins: RefusedOrigin[]) {
    return html`
      <p class="muted">Pages on these origins tried to use the search or chat and were refused. "Allow" adds the origin's domain under Allowed domains.</p>
      <div class="table-wrap"><table class="cards" data-testid="refused-origins">
        <thead><tr><th scope="col">Origin</th><th scope="col">Refusals</th><th scope="col">Last seen (UTC)</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
        <tbody>${origins.map(
          (o) => html`<tr>
            <td><code>${o.origin}</code></td><td>${o.count}</td><td>${day(o.lastSeenAt)}</td>
            <td><sl-button size="small" variant="primary" outline @click=${() => this.allow(o)}>Allow<span class="visually-hidden"> ${o.origin}</span></sl-button></td>
          </tr>`,
        )}</tbody>
      </table></div>`;
  }
}
customElements.define("refused-origins", RefusedOrigins);
