// <site-tabs>: the links between one site's screens (overview, settings, pages), as a labelled navigation.
import { LitElement, css, html } from "lit";

const TABS: Array<[string, string, string]> = [
  ["overview", "Overview and crawls", ""],
  ["settings", "Settings", "/settings"],
  ["pages", "Pages", "/pages"],
];

export class SiteTabs extends LitElement {
  static override properties = { siteId: {}, current: {} };
  static override styles = css`
    ul { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-2x-small); list-style: none; margin: 0 0 var(--sl-spacing-large); padding: 0;
      border-bottom: 1px solid var(--sl-color-neutral-200); }
    a { display: inline-block; padding: var(--sl-spacing-x-small) var(--sl-spacing-small); color: var(--sl-color-neutral-800); text-decoration: none;
      border-bottom: 3px solid transparent; }
    a[aria-current="page"] { border-bottom-color: var(--sl-color-primary-600); color: var(--sl-color-primary-800);
      font-weight: var(--sl-font-weight-semibold); }
    a:focus-visible { outline: var(--sl-focus-ring); }
  `;
  siteId = "";
  current = "overview";

  override render() {
    const base = `/dashboard/sites/${encodeURIComponent(this.siteId)}`;
    return html`<nav aria-label="This site"><ul>${TABS.map(
      ([name, label, path]) => html`<li><a href="${base}${path}" aria-current=${this.current === name ? "page" : "false"}>${label}</a></li>`,
    )}</ul></nav>`;
  }
}
customElements.define("site-tabs", SiteTabs);
