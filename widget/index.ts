// ES module entry ("site-search/widget"): registers <site-search> once and exports its class, events and types.
import { SiteSearchElement } from "./site-search.ts";

export { SiteSearchElement, type SiteSearchMode } from "./site-search.ts";
export { SiteSearchSelectEvent, SiteSearchAnswerEvent, SiteSearchErrorEvent } from "./events.ts";
export { en, fr, type Translations } from "./translations.ts";

// Two copies on one page (a CMS plugin and the theme) must not throw "already defined".
if (!customElements.get("site-search")) customElements.define("site-search", SiteSearchElement);

declare global {
  interface HTMLElementTagNameMap {
    "site-search": SiteSearchElement;
  }
}
