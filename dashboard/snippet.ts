// The two lines a site owner pastes: the script the service serves and the <site-search> element for this site.
export const snippet = (siteId: string, origin = location.origin): string =>
  `<script src="${origin}/site-search.js"></script>\n<site-search endpoint="${origin}" site-id="${siteId}"></site-search>`;
