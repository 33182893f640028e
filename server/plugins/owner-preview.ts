// The site owner trying a site from the dashboard (the widget preview, the chat try-out): the calling page is on this
// service's own origin, since the service serves no page but its dashboard. Such searches, answers and clicks are
// not visitors' and stay out of analytics.

/**
 * True for a browser request from a page of this service's own origin. Browsers send `Sec-Fetch-Site` themselves
 * (pages cannot set it) and whatever the referrer policy; the dashboard's `no-referrer` leaves no Referer to read.
 */
export function fromDashboard(request: Request): boolean {
  return request.headers.get("sec-fetch-site") === "same-origin";
}
