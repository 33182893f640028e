// The create-site wizard: base URL → crawl settings → public access and allowed domains → the snippet to paste.
import { LitElement, css, html } from "lit";
import type { SiteSummary } from "../../shared/sites.ts";
import type { StartCrawlResponse } from "../../shared/crawl.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { copyText } from "../copy-text.ts";
import { fieldOfError } from "../task-states.ts";
import { navigate } from "../router.ts";
import { snippet, snippetOrigins } from "../snippet.ts";
import { domainEntryFor } from "../../shared/refused-origins.ts";

const STEPS = ["Address", "Crawl settings", "Public access", "Snippet"];

export class SiteNewPage extends LitElement {
  static override properties = { step: { state: true }, error: { state: true }, busy: { state: true }, created: { state: true } };
  static override styles = [pageStyles, css`.steps { list-style: none; padding: 0; gap: var(--sl-spacing-large); }`];
  step = 0;
  error = "";
  busy = false;
  created: SiteSummary | null = null;
  private draft = {
    name: "",
    baseUrl: "",
    maxPages: 100,
    maxDepth: 3,
    respectRobotsTxt: true,
    searchEnabled: true,
    chatEnabled: false,
    allowedDomains: "",
    pageOrigin: "",
    /** The domains as saved, for the snippet step. */
    saved: [] as string[],
  };

  private value(name: string): string {
    return (this.renderRoot.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.value ?? "";
  }
  private checked(name: string): boolean {
    return (this.renderRoot.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.checked ?? false;
  }

  private next(event: SubmitEvent): void {
    event.preventDefault();
    const d = this.draft;
    if (this.step === 0) {
      d.name = this.value("name");
      d.baseUrl = this.value("baseUrl");
      if (!d.name) d.name = hostOf(d.baseUrl) || d.baseUrl;
    }
    if (this.step === 0 && !d.allowedDomains) d.allowedDomains = hostOf(d.baseUrl);
    if (this.step === 1) {
      d.maxPages = Number(this.value("maxPages"));
      d.maxDepth = Number(this.value("maxDepth"));
      d.respectRobotsTxt = this.checked("respectRobotsTxt");
    }
    if (this.step === 2) {
      d.searchEnabled = this.checked("searchEnabled");
      d.chatEnabled = this.checked("chatEnabled");
      d.allowedDomains = this.value("allowedDomains");
      d.pageOrigin = this.value("pageOrigin").trim();
      if (d.pageOrigin && domainEntryFor(d.pageOrigin) === null) {
        this.error = `"${d.pageOrigin}" is not a page's origin: write its scheme, host and port, e.g. http://localhost:5173.`;
        return;
      }
      void this.create();
      return;
    }
    this.error = "";
    this.step++;
  }

  private async create(): Promise<void> {
    const d = this.draft;
    this.busy = true;
    this.error = "";
    try {
      const crawlerConfig = { maxPages: d.maxPages, maxDepth: d.maxDepth, respectRobotsTxt: d.respectRobotsTxt };
      const listed = d.allowedDomains.split(/[\s,]+/).filter(Boolean);
      const fromOrigin = d.pageOrigin ? domainEntryFor(d.pageOrigin) : null;
      const allowedDomains = fromOrigin && !listed.includes(fromOrigin) ? [...listed, fromOrigin] : listed;
      // Create first, then set public access: a bad domain is reported without losing the created site.
      this.created ??= await api<SiteSummary>("POST", "/api/sites", { name: d.name, baseUrl: d.baseUrl, crawlerConfig });
      await api("PUT", `/api/sites/${this.created.siteId}`, {
        publicAccess: { enabled: true, searchEnabled: d.searchEnabled, chatEnabled: d.chatEnabled, allowedDomains },
      });
      d.saved = allowedDomains;
      this.step = 3;
    } catch (error) {
      this.error = errorText(error);
      const field = fieldOfError(this.error);
      if (field === "baseUrl" || field === "name") this.step = 0;
      else if (field === "crawlerConfig") this.step = 1;
    } finally {
      this.busy = false;
    }
  }

  private async crawl(): Promise<void> {
    await api<StartCrawlResponse>("POST", `/api/sites/${this.created!.siteId}/crawl`);
    navigate(`/sites/${encodeURIComponent(this.created!.siteId)}`);
  }

  override render() {
    return html`
      <h1>New site</h1>
      <ol class="row muted steps" aria-label="Steps">${STEPS.map((s, i) => html`<li aria-current=${i === this.step ? "step" : "false"}>${i + 1}. ${i === this.step ? html`<strong>${s}</strong>` : s}</li>`)}</ol>
      <div class="card">
        <form class="stack" @submit=${this.next}>
          ${this.step === 0 ? this.addressStep() : ""}
          ${this.step === 1 ? this.crawlSettingsStep() : ""}
          ${this.step === 2 ? this.publicAccessStep() : ""}
          ${this.step === 3 && this.created ? this.snippetStep(this.created) : ""}
          ${this.error ? html`<sl-alert variant="danger" open>${this.error}</sl-alert>` : ""}
          ${this.step < 3 ? this.stepButtons() : ""}
        </form>
      </div>
    `;
  }

  private addressStep() {
    const d = this.draft;
    return html`
            <sl-input name="baseUrl" type="url" label="Base URL" placeholder="https://docs.example.com/" required .value=${d.baseUrl} help-text="The crawl starts here and stays under this address."></sl-input>
            <sl-input name="name" label="Name" .value=${d.name} help-text="Shown in this dashboard; defaults to the host."></sl-input>`;
  }

  private crawlSettingsStep() {
    const d = this.draft;
    return html`
            <sl-input name="maxPages" type="number" min="1" max="100000" label="Most pages per crawl" .value=${String(d.maxPages)} required></sl-input>
            <sl-input name="maxDepth" type="number" min="0" max="100" label="Most links away from the base URL" .value=${String(d.maxDepth)} required></sl-input>
            <sl-checkbox name="respectRobotsTxt" ?checked=${d.respectRobotsTxt}>Follow robots.txt</sl-checkbox>`;
  }

  private publicAccessStep() {
    const d = this.draft;
    return html`
            <sl-switch name="searchEnabled" ?checked=${d.searchEnabled}>Public search (the widget's search box)</sl-switch>
            <sl-switch name="chatEnabled" ?checked=${d.chatEnabled}>Public chat (AI answers)</sl-switch>
            <sl-textarea name="allowedDomains" label="Allowed domains" rows="2" .value=${d.allowedDomains} help-text="Pages on these hosts may use the widget, e.g. docs.example.com, *.example.com, localhost:8080. Empty: no browser origin."></sl-textarea>
            <sl-input name="pageOrigin" label="Where will you paste the snippet?" placeholder="http://localhost:5173" .value=${d.pageOrigin}
              help-text="The address of that page (scheme, host and port), when it is not on the domains above; it is added to them."></sl-input>`;
  }

  private snippetStep(created: SiteSummary) {
    return html`
            <p>Site <strong>${created.name}</strong> is created. Paste this where the search box should appear:</p>
            <pre>${snippet(created.siteId)}</pre>
            ${snippetOrigins({ enabled: true, searchEnabled: this.draft.searchEnabled, chatEnabled: this.draft.chatEnabled, allowedDomains: this.draft.saved })}
            <div class="row">
              <sl-button size="small" @click=${() => copyText(snippet(created.siteId))}>Copy snippet</sl-button>
              <sl-button variant="primary" @click=${() => this.crawl()}>Start the first crawl</sl-button>
              <sl-button href="/dashboard/sites/${encodeURIComponent(created.siteId)}">Open the site</sl-button>
            </div>`;
  }

  /** Back (after the first step) and Next, which creates the site on the last step before the snippet. */
  private stepButtons() {
    return html`<div class="row">
            ${
              this.step > 0
                ? html`<sl-button @click=${() => {
                    this.step--;
                    this.error = "";
                  }}>Back</sl-button>`
                : ""
            }
            <sl-button type="submit" variant="primary" ?loading=${this.busy}>${this.step === 2 ? "Create site" : "Next"}</sl-button>
          </div>`;
  }
}
customElements.define("site-new-page", SiteNewPage);

/** The base URL's host (with its port), the first allowed domain a new site is offered. */
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return "";
  }
}
