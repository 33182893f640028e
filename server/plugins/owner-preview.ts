// The site owner trying a site from the dashboard (the widget preview, the chat try-out): such searches, answers and
// clicks are not visitors' and stay out of analytics.
import { SESSION_COOKIE } from "./session-cookie.ts";

const signedIn = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE}=`);

/**
 * True for a browser request from a page of this service's own origin that carries a dashboard session: the owner in
 * the dashboard. Browsers send `Sec-Fetch-Site` themselves, whatever the referrer policy (the dashboard's no-referrer
 * leaves no Referer to read); the session cookie tells the owner from visitors of a site that serves the service
 * under its own origin, through a proxy.
 */
export function fromDashboard(request: Request): boolean {
  return request.headers.get("sec-fetch-site") === "same-origin" && signedIn.test(request.headers.get("cookie") ?? "");
}
