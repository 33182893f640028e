// Whether this dashboard's own origin may call a site's public search and chat (the chat try-out and the widget
// preview run here), and the one click that makes it so: public access on and this host in the allowed domains.
import { LitElement, css, html } from "lit";
import type { SiteDetail } from "../../shared/sites.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";

export type PublicFeature = "search" | "chat";

/** The service's rule (server/plugins/public-access.ts): `host` or `host:port`, `*.domain` for subdomains. */
export function hostAllowed(allowedDomains: readonly string[], here: URL = new URL(location.href)): boolean {
  return allowedDomains.some((entry) => {
    const [domain, port] = entry.toLowerCase().split(":") as [string, string | undefined];
    if (port !== undefined && port !== here.port) return false;
    const host = here.hostname.toLowerCase();
    return domain.startsWith("*.") ? host.endsWith(domain.slice(1)) && host.length > domain.length - 1 : host === domain;
  });
}

export function accessProblems(site: SiteDetail, features: PublicFeature[]): string[] {
  const access = site.publicAccess;
  const problems: string[] = [];
  if (!access.enabled) problems.push("public access is off");
  if (features.includes("search") && !access.searchEnabled) problems.push("public search is off");
  if (features.includes("chat") && !access.chatEnabled) problems.push("public chat is off");
  if (!hostAllowed(access.allowedDomains)) problems.push(`${location.host} is not among the allowed domains`);
  return problems;
}

/** "a", "a and b", "a, b and c": the problems read as one sentence. */
export function inWords(problems: readonly string[]): string {
  return problems.length < 2 ? (problems[0] ?? "") : `${problems.slice(0, -1).join(", ")} and ${problems.at(-1)}`;
}

/** <widget-access> warns when the try-out cannot work from here and offers the fix; fires "site-updated" after it. */
export class WidgetAccess extends LitElement {
  static override properties = { site: { attribute: false }, features: { attribute: false }, busy: { state: true }, error: { state: true } };
  static override styles = [pageStyles, css`sl-alert { margin-bottom: var(--sl-spacing-large); } p { margin-top: 0; }`];
  site: SiteDetail | null = null;
  features: PublicFeature[] = ["search"];
  busy = false;
  error = "";

  private async allow(): Promise<void> {
    const site = this.site!;
    const access = site.publicAccess;
    const domains = hostAllowed(access.allowedDomains) ? access.allowedDomains : [...access.allowedDomains, location.host];
    const publicAccess = {
      enabled: true,
      allowedDomains: domains,
      searchEnabled: access.searchEnabled || this.features.includes("search"),
      chatEnabled: access.chatEnabled || this.features.includes("chat"),
    };
    this.busy = true;
    try {
      await api("PUT", `/api/sites/${encodeURIComponent(site.siteId)}`, { publicAccess });
      this.error = "";
      this.dispatchEvent(new CustomEvent("site-updated", { bubbles: true, composed: true }));
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  override render() {
    if (!this.site) return "";
    const problems = accessProblems(this.site, this.features);
    if (problems.length === 0) return "";
    return html`<sl-alert variant="warning" open data-testid="access-warning">
      <sl-icon slot="icon" name="exclamation-triangle"></sl-icon>
      <p>This try-out calls the site's public endpoints from this page, but ${inWords(problems)}. Visitors' pages are unaffected.</p>
      <sl-button size="small" variant="primary" ?loading=${this.busy} @click=${this.allow}>Switch on and allow ${location.host}</sl-button>
      ${this.error ? html`<p role="alert">${this.error}</p>` : ""}
    </sl-alert>`;
  }
}
customElements.define("widget-access", WidgetAccess);
