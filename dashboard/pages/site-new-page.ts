// The create-site wizard: base URL → crawl settings → public access and allowed domains → the snippet to paste.
import { LitElement, css, html } from "lit";
import type { SiteSummary } from "../../shared/sites.ts";
import type { StartCrawlResponse } from "../../shared/crawl.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { copyText } from "../copy-text.ts";
import { fieldError, fieldErrorStyles } from "../field-errors.ts";
import { checkBaseUrl } from "../base-url.ts";
import { DOMAIN_PATTERN } from "../../shared/sites.ts";
import { Limits } from "../../shared/limits.ts";
import { navigate } from "../router.ts";
import { snippet, snippetOrigins } from "../snippet.ts";
import { domainEntryFor } from "../../shared/refused-origins.ts";

const STEPS = ["Address", "Crawl settings", "Public access", "Snippet"];
const LABELS: Record<string, string> = {
  baseUrl: "Base URL",
  name: "Name",
  maxPages: "Most pages per crawl",
  maxDepth: "Most links away",
  allowedDomains: "Each allowed domain",
  publicAccess: "Public access",
  crawlerConfig: "Crawl settings",
};
/** Which step shows a field, to go back to it when the server refuses it at "Create". */
const STEP_OF: Record<string, number> = { baseUrl: 0, name: 0, crawlerConfig: 1, maxPages: 1, maxDepth: 1, allowedDomains: 2, publicAccess: 2 };
const domain = new RegExp(DOMAIN_PATTERN);

/** Allowed domains as typed, one per line or comma: an origin pasted whole (https://docs.example.com/) counts as its host. */
function readDomains(text: string): { domains: string[]; wrong: string | null } {
  const domains: string[] = [];
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const fromUrl = /^https?:\/\//i.test(entry) ? domainEntryFor(entry) : null;
    const one = fromUrl ?? entry.toLowerCase();
    if (!domain.test(one)) return { domains, wrong: entry };
    if (!domains.includes(one)) domains.push(one);
  }
  return { domains, wrong: null };
}

export class SiteNewPage extends LitElement {
  static override properties = { step: { state: true }, error: { state: true }, errors: { state: true }, busy: { state: true }, created: { state: true } };
  static override styles = [pageStyles, fieldErrorStyles, css`.steps { list-style: none; padding: 0; gap: var(--sl-spacing-large); }`];
  step = 0;
  error = "";
  /** Field name → what is wrong with it, said under the field. */
  errors: Record<string, string> = {};
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

  /** Checks the step's fields where they are, before moving on; false (with the fields marked) when one is wrong. */
  private checkStep(): boolean {
    const d = this.draft;
    const errors: Record<string, string> = {};
    if (this.step === 0) {
      const base = checkBaseUrl(this.value("baseUrl"));
      if ("error" in base) errors.baseUrl = base.error;
      else d.baseUrl = base.url;
      d.name = this.value("name").trim() || hostOf(d.baseUrl);
      if (!d.allowedDomains) d.allowedDomains = hostOf(d.baseUrl);
    }
    if (this.step === 1) {
      d.maxPages = Number(this.value("maxPages"));
      d.maxDepth = Number(this.value("maxDepth"));
      d.respectRobotsTxt = this.checked("respectRobotsTxt");
      if (!Number.isInteger(d.maxPages) || d.maxPages < 1 || d.maxPages > Limits.crawlMaxPagesMax)
        errors.maxPages = `Write a whole number from 1 to ${Limits.crawlMaxPagesMax.toLocaleString("en")}.`;
      if (!Number.isInteger(d.maxDepth) || d.maxDepth < 0 || d.maxDepth > 100) errors.maxDepth = "Write a whole number from 0 to 100.";
    }
    if (this.step === 2) {
      d.searchEnabled = this.checked("searchEnabled");
      d.chatEnabled = this.checked("chatEnabled");
      d.allowedDomains = this.value("allowedDomains");
      d.pageOrigin = this.value("pageOrigin").trim();
      const { wrong } = readDomains(d.allowedDomains);
      if (wrong) errors.allowedDomains = `“${wrong}” is not a domain: write docs.example.com, *.example.com or localhost:8080, without http:// or a path.`;
      if (d.pageOrigin && domainEntryFor(d.pageOrigin) === null)
        errors.pageOrigin = `“${d.pageOrigin}” is not a page's origin: write its scheme, host and port, e.g. http://localhost:5173.`;
    }
    this.showErrors(errors);
    return Object.keys(errors).length === 0;
  }

  /** Marks the fields and moves the focus to the first one, so a keyboard or screen reader user lands on it. */
  private showErrors(errors: Record<string, string>): void {
    this.errors = errors;
    const first = Object.keys(errors)[0];
    if (first) void this.updateComplete.then(() => (this.renderRoot.querySelector(`[name="${first}"]`) as HTMLElement | null)?.focus());
  }

  private next(event: SubmitEvent): void {
    event.preventDefault();
    this.error = "";
    if (!this.checkStep()) return;
    if (this.step === 2) {
      void this.create();
      return;
    }
    this.step++;
  }

  private async create(): Promise<void> {
    const d = this.draft;
    this.busy = true;
    this.error = "";
    try {
      const crawlerConfig = { maxPages: d.maxPages, maxDepth: d.maxDepth, respectRobotsTxt: d.respectRobotsTxt };
      const listed = readDomains(d.allowedDomains).domains;
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
      const named = fieldError(errorText(error), LABELS);
      if (named && STEP_OF[named.field] !== undefined) {
        this.step = STEP_OF[named.field]!;
        this.showErrors({ [named.field]: named.text });
      } else this.error = named?.text ?? errorText(error);
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

  private help(field: string, text: string): string {
    return this.errors[field] ?? text;
  }

  private addressStep() {
    const d = this.draft;
    return html`
            <sl-input name="baseUrl" label="Base URL" placeholder="https://docs.example.com/" inputmode="url" autocomplete="url" .value=${d.baseUrl}
              ?data-error=${!!this.errors.baseUrl} help-text=${this.help("baseUrl", "The crawl starts here and stays under this address; https:// is added when you leave it out (http:// for localhost).")}></sl-input>
            <sl-input name="name" label="Name" .value=${d.name} ?data-error=${!!this.errors.name} help-text=${this.help("name", "Shown in this dashboard; defaults to the host.")}></sl-input>`;
  }

  private crawlSettingsStep() {
    const d = this.draft;
    return html`
            <sl-input name="maxPages" type="number" label="Most pages per crawl" .value=${String(d.maxPages)} ?data-error=${!!this.errors.maxPages} help-text=${this.help("maxPages", "")}></sl-input>
            <sl-input name="maxDepth" type="number" label="Most links away from the base URL" .value=${String(d.maxDepth)} ?data-error=${!!this.errors.maxDepth} help-text=${this.help("maxDepth", "")}></sl-input>
            <sl-checkbox name="respectRobotsTxt" ?checked=${d.respectRobotsTxt}>Follow robots.txt</sl-checkbox>`;
  }

  private publicAccessStep() {
    const d = this.draft;
    return html`
            <sl-switch name="searchEnabled" ?checked=${d.searchEnabled}>Public search (the widget's search box)</sl-switch>
            <sl-switch name="chatEnabled" ?checked=${d.chatEnabled}>Public chat (AI answers)</sl-switch>
            <sl-textarea name="allowedDomains" label="Allowed domains" rows="2" .value=${d.allowedDomains} ?data-error=${!!this.errors.allowedDomains}
              help-text=${this.help("allowedDomains", "Pages on these hosts may use the widget, e.g. docs.example.com, *.example.com, localhost:8080. Empty: no browser origin.")}></sl-textarea>
            <sl-input name="pageOrigin" label="Where will you paste the snippet?" placeholder="http://localhost:5173" .value=${d.pageOrigin}
              ?data-error=${!!this.errors.pageOrigin} help-text=${this.help("pageOrigin", "The address of that page (scheme, host and port), when it is not on the domains above; it is added to them.")}></sl-input>`;
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
                    this.errors = {};
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
