// Widget tab: pick a mode and a theme, copy the snippet to paste, and try the real widget (the /site-search.js this
// service serves, allowed by the dashboard's script-src 'self') against this site, right here.
import { LitElement, css, html, nothing } from "lit";
import { keyed } from "lit/directives/keyed.js";
import { Task } from "@lit/task";
import type { SiteDetail } from "../../shared/sites.ts";
import { api } from "../api.ts";
import { copyText } from "../copy-text.ts";
import { pageStyles } from "../page-styles.ts";
import { renderTask } from "../task-states.ts";
import { accessProblems } from "./widget-access.ts";
import "./widget-access.ts";

const MODES: Array<[string, string]> = [
  ["inline", "Inline: a search box with a dropdown"],
  ["modal", "Modal: a button that opens a search dialog"],
  ["page", "Page: a full results page with facets"],
  ["bubble", "Bubble: a floating chat button"],
];
const THEMES: Array<[string, string]> = [
  ["auto", "Auto (follows the page, then the visitor's system)"],
  ["light", "Light"],
  ["dark", "Dark"],
];

/** The lines a site owner pastes for this mode and theme ("auto" leaves theme out: the widget follows the page, then the system). */
export function widgetSnippet(siteId: string, mode: string, theme: string, origin = location.origin): string {
  const attributes = [`endpoint="${origin}"`, `site-id="${siteId}"`, `mode="${mode}"`, ...(theme === "auto" ? [] : [`theme="${theme}"`])];
  return `<script src="${origin}/site-search.js" defer></script>\n<site-search ${attributes.join(" ")}></site-search>`;
}

/** Loads the served widget bundle once; resolves when <site-search> is defined. */
function loadWidget(): Promise<unknown> {
  if (!document.querySelector("script[data-dashboard-widget]")) {
    const script = Object.assign(document.createElement("script"), { src: "/site-search.js", defer: true });
    script.dataset.dashboardWidget = "";
    document.head.append(script);
  }
  return customElements.whenDefined("site-search");
}

export class WidgetTryPage extends LitElement {
  static override properties = { siteId: {}, mode: { state: true }, theme: { state: true }, copied: { state: true } };
  static override styles = [pageStyles, css`.preview { min-height: 22rem; } .preview-note { margin-top: 0; } h3 { margin: 0 0 var(--sl-spacing-small); }`];
  siteId = "";
  mode = "inline";
  theme = "auto";
  copied = "";
  private ready = loadWidget();
  private site = new Task(this, {
    task: async ([siteId], { signal }) => {
      await this.ready;
      return siteId ? api<SiteDetail>("GET", `/api/sites/${encodeURIComponent(siteId)}`, undefined, signal) : null;
    },
    args: () => [this.siteId] as const,
  });

  private async copy(text: string): Promise<void> {
    this.copied = (await copyText(text)) ? "Copied." : "Copying is blocked here: select the snippet and copy it.";
  }

  override render() {
    const snippet = widgetSnippet(this.siteId, this.mode, this.theme);
    const pick = (prop: "mode" | "theme") => (e: Event) => {
      this[prop] = (e.target as HTMLSelectElement).value;
      this.copied = "";
    };
    return html`
      <h2>Widget</h2>
      <div class="card stack">
        <sl-select name="mode" label="Mode" value=${this.mode} @sl-change=${pick("mode")}>
          ${MODES.map(([v, l]) => html`<sl-option value=${v}>${l}</sl-option>`)}</sl-select>
        <sl-select name="theme" label="Theme" value=${this.theme} @sl-change=${pick("theme")}>
          ${THEMES.map(([v, l]) => html`<sl-option value=${v}>${l}</sl-option>`)}</sl-select>
      </div>
      ${renderTask(this.site, (site) => (site === null ? "" : this.preview(site)))}
      <section class="card" aria-labelledby="snippet-label">
        <div class="spread"><h3 id="snippet-label">Paste this into your pages</h3>
          <sl-button size="small" @click=${() => this.copy(snippet)}><sl-icon slot="prefix" name="copy"></sl-icon>Copy snippet</sl-button></div>
        <pre data-testid="widget-snippet">${snippet}</pre>
        <p class="muted" role="status">${this.copied}</p>
      </section>
    `;
  }

  private preview(site: SiteDetail) {
    const blocked = accessProblems(site, ["search"]).length > 0;
    return html`
      <widget-access .site=${site} .features=${["search", "chat"]} @site-updated=${() => this.site.run()}></widget-access>
      <section class="card preview" aria-labelledby="preview-label" data-testid="widget-preview">
        <h3 id="preview-label">Live preview</h3>
        <p class="muted preview-note">The real widget, searching ${site.name} from this page.
          ${this.mode === "bubble" ? "The bubble sits in the bottom corner of the window." : ""}</p>
        ${
          blocked
            ? html`<p>Switch public search on and allow this page's domain to try it here.</p>`
            : keyed(
                `${site.siteId}-${this.mode}-${this.theme}`,
                html`<site-search endpoint=${location.origin} site-id=${site.siteId} mode=${this.mode}
              theme=${this.theme === "auto" ? nothing : this.theme}></site-search>`,
              )
        }
      </section>
    `;
  }
}
customElements.define("widget-try-page", WidgetTryPage);
