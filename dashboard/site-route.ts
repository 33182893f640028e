// The site a /dashboard/sites/{siteId}/… screen is about, read from the address (the router names the screen).
import { BASE } from "./router.ts";

export function siteIdFromPath(): string {
  const match = /^\/sites\/([^/]+)/.exec(location.pathname.slice(BASE.length));
  return match ? decodeURIComponent(match[1]!) : "";
}
