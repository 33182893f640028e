// The two lines a site owner pastes: the script the service serves and the <site-search> element for this site, and
// the plain words on where they will work.
import { html } from "lit";
import type { PublicAccess } from "../shared/sites.ts";

export const snippet = (siteId: string, origin = location.origin): string =>
  `<script src="${origin}/site-search.js"></script>\n<site-search endpoint="${origin}" site-id="${siteId}"></site-search>`;

/** Which pages the snippet works on, said plainly; a warning when it works on none. */
export function snippetOrigins(access: PublicAccess) {
  const off = !access.enabled || !access.searchEnabled;
  if (off)
    return html`<sl-alert variant="warning" open data-testid="snippet-origins">Public search is off: the snippet shows a search box that answers nothing until it is switched on in Settings.</sl-alert>`;
  if (access.allowedDomains.length === 0) {
    return html`<sl-alert variant="warning" open data-testid="snippet-origins">No page can use this snippet yet: add the domain of each page you paste it on under Allowed domains in Settings (e.g. <code>docs.example.com</code> or <code>localhost:5173</code>).</sl-alert>`;
  }
  return html`<p data-testid="snippet-origins">It works on pages served from
    ${access.allowedDomains.map((d, i) => html`${i > 0 ? ", " : ""}<code>${d}</code>`)}. On any other page the search is
    refused: the browser console names the page's origin, and the site's overview lists it under Refused origins, to allow in one click.</p>`;
}
