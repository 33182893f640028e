// The site owner trying a site from the dashboard (the widget preview, the chat try-out): the page that calls is this
// service's own /dashboard. Such searches and answers are not visitors' and stay out of analytics.

/** True when the Referer is a /dashboard page on the host this request was sent to. */
export function fromDashboard(request: Request): boolean {
  const referer = request.headers.get("referer");
  const host = request.headers.get("host");
  if (!referer || !host) return false;
  try {
    const page = new URL(referer);
    return page.host === host && (page.pathname === "/dashboard" || page.pathname.startsWith("/dashboard/"));
  } catch {
    return false;
  }
}
