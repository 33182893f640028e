// A site's settings: every field PUT /api/sites/{id} takes, in sections that save separately, and deletion
// behind a dialog where the owner types the site's name.
import { LitElement, html } from "lit";
import { Task } from "@lit/task";
import type { SiteDetail } from "../../shared/sites.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { renderTask } from "../task-states.ts";
import { navigate } from "../router.ts";
import { authFromFields, boostField, credentialFields, listField, metadataField, numberField, synonymsField, type FieldSpec } from "./settings-fields.ts";
import type { ExtraPatch } from "./settings-section.ts";
import "./settings-section.ts";
import "./site-tabs.ts";

const GENERAL: FieldSpec[] = [
  { path: "name", label: "Name", kind: "text" },
  { path: "baseUrl", label: "Base URL", kind: "text", help: "Crawls start here and stay under this address." },
  { path: "description", label: "Description", kind: "textarea" },
];

const CRAWLER: FieldSpec[] = [
  numberField("crawlerConfig.maxPages", "Most pages per crawl"),
  numberField("crawlerConfig.maxDepth", "Most links away from the base URL"),
  listField(
    "crawlerConfig.includePatterns",
    "Only crawl URLs matching",
    "One glob per line (* within a path segment, ** across); empty: everything under the base URL.",
  ),
  listField("crawlerConfig.excludePatterns", "Never crawl URLs matching", "One glob per line, e.g. **/changelog/**, or a /regex/."),
  { path: "crawlerConfig.respectRobotsTxt", label: "Follow robots.txt", kind: "switch" },
  {
    path: "crawlerConfig.javascriptEnabled",
    label: "Render pages with JavaScript (slower; for sites that build their content in the browser)",
    kind: "switch",
  },
  {
    path: "crawlerConfig.schedule",
    label: "Recrawl schedule",
    kind: "schedule",
    read: (site) => site.crawlerConfig.schedule ?? "",
    write: (raw, site) => (String(raw).trim() ? String(raw).trim() : site.crawlerConfig.schedule ? null : undefined),
  },
  ...credentialFields,
];

const ACCESS: FieldSpec[] = [
  { path: "publicAccess.enabled", label: "Public access on (master switch)", kind: "switch" },
  { path: "publicAccess.searchEnabled", label: "Public search (the widget's search box)", kind: "switch" },
  { path: "publicAccess.chatEnabled", label: "Public chat (AI answers)", kind: "switch" },
  listField("publicAccess.allowedDomains", "Allowed domains", "One per line: docs.example.com, *.example.com, localhost:8080. Empty: no browser origin."),
];

const LIMITS: FieldSpec[] = [
  numberField("rateLimits.searchPerMinute", "Searches a minute per visitor"),
  numberField("rateLimits.chatPerMinute", "Chat questions a minute per visitor"),
  numberField("rateLimits.perIpPerMinute", "Requests a minute per visitor, search and chat together", "Empty: only the two limits above."),
  numberField("rateLimits.chatRequestsPerDay", "Chat questions a day, all visitors together"),
  numberField("rateLimits.chatTokensPerDay", "Model tokens a day, all visitors together"),
];

const RELEVANCE: FieldSpec[] = [
  boostField("tagBoosts", "Tag boosts", 'One per line: "tag = 1.5". Above 1 ranks pages with the tag higher, below 1 lower (at most 10).'),
  boostField("urlBoosts", "URL boosts", 'One per line: "/docs/** = 2" (a glob or /regex/ on the page URL).'),
  synonymsField,
  metadataField,
];

const credentials: ExtraPatch = (value, site) => {
  const auth = authFromFields(value, site);
  return auth === undefined ? {} : { auth };
};

export class SiteSettingsPage extends LitElement {
  static override properties = { siteId: {}, confirmName: { state: true }, deleteError: { state: true } };
  static override styles = pageStyles;
  siteId = "";
  confirmName = "";
  deleteError = "";

  private site = new Task(this, {
    task: async ([siteId], { signal }) => api<SiteDetail>("GET", `/api/sites/${encodeURIComponent(siteId!)}`, undefined, signal),
    args: () => [this.siteId],
  });

  private async deleteSite(): Promise<void> {
    try {
      await api("DELETE", `/api/sites/${encodeURIComponent(this.siteId)}`);
      navigate("/sites");
    } catch (error) {
      this.deleteError = errorText(error);
    }
  }

  private dialog(): HTMLElement & { show(): void; hide(): void } {
    return this.renderRoot.querySelector("sl-dialog")!;
  }

  override render() {
    return renderTask(this.site, (site) => this.renderSettings(site));
  }

  private section(site: SiteDetail, heading: string, fields: FieldSpec[], extra: ExtraPatch | null = null) {
    return html`<div class="card"><settings-section .site=${site} heading=${heading} .fields=${fields} .extra=${extra}
      @site-saved=${() => this.site.run()}></settings-section></div>`;
  }

  private renderSettings(site: SiteDetail) {
    const matches = this.confirmName === site.name;
    return html`
      <h1>${site.name}: settings</h1>
      <site-tabs .siteId=${site.siteId} current="settings"></site-tabs>
      ${this.section(site, "General", GENERAL)}
      ${this.section(site, "Crawler", CRAWLER, credentials)}
      ${this.section(site, "Public access", ACCESS)}
      ${this.section(site, "Rate limits", LIMITS)}
      ${this.section(site, "Relevance", RELEVANCE)}
      <div class="card">
        <h2>Delete this site</h2>
        <p>Deletes the site with every page, chunk, crawl job and statistic of it. It cannot be undone.</p>
        <sl-button variant="danger" outline @click=${() => this.dialog().show()}>Delete site…</sl-button>
      </div>
      <sl-dialog label="Delete ${site.name}?" @sl-after-hide=${() => (this.confirmName = "")}>
        <p>Type <strong>${site.name}</strong> to confirm.</p>
        <sl-input name="confirmName" label="Site name" autocomplete="off" .value=${this.confirmName}
          @sl-input=${(e: Event) => (this.confirmName = (e.target as HTMLInputElement).value)}></sl-input>
        ${this.deleteError ? html`<sl-alert variant="danger" open>${this.deleteError}</sl-alert>` : ""}
        <sl-button slot="footer" @click=${() => this.dialog().hide()}>Keep it</sl-button>
        <sl-button slot="footer" variant="danger" ?disabled=${!matches} @click=${() => this.deleteSite()}>Delete for good</sl-button>
      </sl-dialog>
    `;
  }
}
customElements.define("site-settings-page", SiteSettingsPage);
