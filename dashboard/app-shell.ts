// <dashboard-app>: loads the session, sends signed-out visitors to login (or setup on the first run),
// and renders the header, navigation and the page the URL names. On a phone the navigation, the account and
// "Sign out" move into a drawer behind a menu button, so the header is one line.
import { LitElement, css, html } from "lit";
import type { SessionView } from "../shared/accounts.ts";
import { api, ApiError } from "./api.ts";
import { currentRoute, navigate, type Route } from "./router.ts";
import { currentTheme, toggleTheme } from "./theme.ts";
import "./pages/login-page.ts";
import "./pages/setup-page.ts";
import "./pages/sites-page.ts";
import "./pages/site-new-page.ts";
import "./pages/site-page.ts";
import "./pages/site-settings-page.ts";
import "./pages/site-pages-page.ts";
import "./pages/page-detail-page.ts";
import { siteIdFromPath } from "./site-route.ts";
import "./pages/keys-page.ts";
import "./pages/playground-page.ts";
import "./pages/analytics-page.ts";
import "./pages/groups-page.ts";
import "./pages/account-page.ts";
import "./pages/docs-page.ts";
import "./pages/webhooks-page.ts";
import "./pages/site-errors-page.ts";

const PUBLIC = new Set(["login", "setup", "invite"]);
const NAV: Array<[string, string, string]> = [
  ["/sites", "Sites", "sites"],
  ["/playground", "Try it", "playground"],
  ["/analytics", "Analytics", "analytics"],
  ["/groups", "Groups", "groups"],
  ["/keys", "API keys", "keys"],
  ["/webhooks", "Webhooks", "webhooks"],
  ["/docs", "API reference", "docs"],
  ["/account", "Account", "account"],
];

export class DashboardApp extends LitElement {
  static override properties = { route: { state: true }, session: { state: true }, menuOpen: { state: true } };
  route: Route = currentRoute();
  /** undefined while loading, null when signed out. */
  session: SessionView | null | undefined = undefined;
  /** The phone menu (a drawer) is open. */
  menuOpen = false;

  static override styles = css`
    :host { display: block; min-height: 100vh; }
    header { display: flex; flex-wrap: wrap; align-items: center; gap: var(--sl-spacing-small); padding: var(--sl-spacing-small) var(--sl-spacing-medium); border-bottom: 1px solid var(--sl-color-neutral-200); }
    .brand { font-weight: var(--sl-font-weight-bold); margin-right: auto; color: inherit; text-decoration: none; }
    nav ul { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-2x-small) var(--sl-spacing-small); list-style: none; margin: 0; padding: 0; }
    nav a { color: var(--sl-color-neutral-800); text-decoration: none; padding: var(--sl-spacing-2x-small) var(--sl-spacing-x-small); border-radius: var(--sl-border-radius-medium); }
    nav a[aria-current="page"] { background: var(--sl-color-primary-100); color: var(--sl-color-primary-800); }
    nav a:focus-visible, .brand:focus-visible { outline: var(--sl-focus-ring); }
    /* A long email or organisation name wraps inside its own box rather than pushing the buttons onto a second row. */
    .who { font-size: var(--sl-font-size-small); color: var(--sl-color-neutral-700); max-width: 18rem; line-height: var(--sl-line-height-dense); }
    main { padding: var(--sl-spacing-large) var(--sl-spacing-medium); max-width: 72rem; margin: 0 auto; }
    .menu-button { display: none; font-size: var(--sl-font-size-x-large); }
    sl-drawer nav ul { flex-direction: column; gap: var(--sl-spacing-2x-small); }
    sl-drawer nav a { display: block; padding: var(--sl-spacing-x-small) var(--sl-spacing-small); }
    sl-drawer .who { display: block; max-width: none; margin: var(--sl-spacing-large) 0 var(--sl-spacing-small); overflow-wrap: anywhere; }
    /* Between a tablet and a wide screen the header keeps one line by leaving out who is signed in (Account shows it). */
    @media (max-width: 79.99rem) { header > .who { display: none; } }
    @media (max-width: 63.99rem) {
      header > nav, header > .who, header > .sign-out { display: none; }
      .menu-button { display: inline-block; }
      main { padding: var(--sl-spacing-medium) var(--sl-spacing-small); }
    }
  `;

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener("dashboard-route", () => this.onRoute());
    window.addEventListener("dashboard-signed-out", () => this.signedOut());
    window.addEventListener("dashboard-signed-in", (e) => this.signedIn((e as CustomEvent<SessionView>).detail));
    window.addEventListener("dashboard-theme", () => this.requestUpdate());
    void this.loadSession();
  }

  private async loadSession(): Promise<void> {
    try {
      this.session = await api<SessionView>("GET", "/api/session");
      if (PUBLIC.has(this.route.name) && this.route.name !== "setup") navigate("/sites", true);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      this.signedOut();
    }
  }

  private async signedOut(): Promise<void> {
    this.session = null;
    if (PUBLIC.has(this.route.name)) return;
    const { needed } = await api<{ needed: boolean }>("GET", "/api/setup");
    navigate(needed ? "/setup" : "/login", true);
  }

  private signedIn(view: SessionView): void {
    this.session = view;
    navigate("/sites", true);
  }

  private onRoute(): void {
    this.route = currentRoute();
    this.menuOpen = false;
    if (this.session === null && !PUBLIC.has(this.route.name)) navigate("/login", true);
    const heading = this.renderRoot.querySelector("main");
    (heading as HTMLElement | null)?.focus?.();
  }

  private async logout(): Promise<void> {
    await api("DELETE", "/api/session");
    this.session = null;
    navigate("/login");
  }

  override render() {
    const { route, session } = this;
    if (PUBLIC.has(route.name) || session === null) {
      return html`<main tabindex="-1">${
        route.name === "setup" || route.name === "invite"
          ? html`<setup-page .mode=${route.name} .token=${route.query.get("token") ?? ""}></setup-page>`
          : html`<login-page></login-page>`
      }</main>`;
    }
    if (session === undefined) return html`<main><sl-spinner aria-label="Loading"></sl-spinner></main>`;
    const dark = currentTheme() === "dark";
    return html`
      <header>
        <a class="brand" href="/dashboard/sites">site-search</a>
        <nav aria-label="Main">${this.links(route)}</nav>
        <span class="who">${this.who(session)}</span>
        <sl-icon-button name=${dark ? "sun" : "moon"} label=${dark ? "Use light theme" : "Use dark theme"} @click=${() => toggleTheme()}></sl-icon-button>
        <sl-button class="sign-out" size="small" @click=${() => this.logout()}>Sign out</sl-button>
        <sl-icon-button class="menu-button" name="list" label="Menu" @click=${() => (this.menuOpen = true)}></sl-icon-button>
      </header>
      <sl-drawer label="Menu" ?open=${this.menuOpen} @sl-after-hide=${(e: Event) => e.target === e.currentTarget && ((this.menuOpen = false))}>
        ${
          // Rendered only while open: two copies of the links would make every "Sites" link ambiguous.
          this.menuOpen
            ? html`<nav aria-label="Main menu">${this.links(route)}</nav>
              <span class="who">${this.who(session)}</span>
              <sl-button @click=${() => this.logout()}>Sign out</sl-button>`
            : ""
        }
      </sl-drawer>
      <main tabindex="-1">${this.page(route, session)}</main>
    `;
  }

  private links(route: Route) {
    return html`<ul>${NAV.map(
      ([path, label, name]) =>
        html`<li><a href="/dashboard${path}" aria-current=${route.name === name || (name === "sites" && route.name.startsWith("site")) ? "page" : "false"}>${label}</a></li>`,
    )}</ul>`;
  }

  private who(session: SessionView): string {
    return `${session.user.email} · ${session.organisation.name} (${session.organisation.role})`;
  }

  private page(route: Route, session: SessionView) {
    switch (route.name) {
      case "sites":
        return html`<sites-page></sites-page>`;
      case "site-new":
        return html`<site-new-page></site-new-page>`;
      case "site":
        return html`<site-page .siteId=${route.params.siteId}></site-page>`;
      case "site-settings":
        return html`<site-settings-page .siteId=${siteIdFromPath()}></site-settings-page>`;
      case "site-pages":
        return html`<site-pages-page .siteId=${siteIdFromPath()}></site-pages-page>`;
      case "site-page-view":
        return html`<page-detail-page .siteId=${siteIdFromPath()} .url=${route.query.get("url") ?? ""}></page-detail-page>`;
      case "keys":
        return html`<keys-page .userRole=${session.organisation.role}></keys-page>`;
      case "playground":
        return html`<playground-page .siteId=${route.query.get("site") ?? ""}></playground-page>`;
      case "analytics":
        return html`<analytics-page></analytics-page>`;
      case "groups":
        return html`<groups-page .orgId=${session.organisation.orgId}></groups-page>`;
      case "account":
        return html`<account-page .session=${session}></account-page>`;
      case "docs":
        return html`<docs-page></docs-page>`;
      case "site-errors":
        return html`<site-errors-page .siteId=${siteIdFromPath()} .jobId=${route.query.get("job") ?? ""}></site-errors-page>`;
      case "webhooks":
        return html`<webhooks-page .userRole=${session.organisation.role}></webhooks-page>`;
      default:
        return html`<h1>Not found</h1><p><a href="/dashboard/sites">Back to your sites</a></p>`;
    }
  }
}
customElements.define("dashboard-app", DashboardApp);
