// HTTP calls of the public API that the search bundle needs: search, feedback and click beacons.
import type { SearchResponse, SearchFilters, SearchSpeed } from "../shared/search.ts";
import type { ClickBody, FeedbackBody } from "../shared/chat.ts";
import { queryMaxChars } from "../shared/limits.ts";
import { readHttpError } from "./widget-error.ts";

export interface ApiTarget {
  endpoint: string;
  siteId: string;
  groupId: string;
}

export interface SearchOptions {
  limit?: number;
  minScore?: number;
  filters?: SearchFilters;
  /** "instant" while the visitor types; the server's default is "full". */
  speed?: SearchSpeed;
}

function base(target: ApiTarget): string {
  return target.endpoint.replace(/\/+$/, "");
}

export function siteUrl(target: ApiTarget, action: string): string {
  return `${base(target)}/v1/public/sites/${encodeURIComponent(target.siteId)}/${action}`;
}

export function searchUrl(target: ApiTarget, query: string, options: SearchOptions): string {
  // Group search spans sites; a group-id wins over site-id because it is the wider scope the page asked for.
  const path = target.groupId ? `${base(target)}/v1/public/groups/${encodeURIComponent(target.groupId)}/search` : siteUrl(target, "search");
  const params = new URLSearchParams({ q: query });
  if (options.limit !== undefined) params.set("limit", String(options.limit));
  if (options.minScore !== undefined) params.set("minScore", String(options.minScore));
  if (options.speed === "instant") params.set("speed", "instant");
  for (const [name, value] of Object.entries(options.filters ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(`filter.${name}`, String(one));
  }
  // A relative endpoint ("" = same origin) is resolved against the page.
  return new URL(`${path}?${params}`, document.baseURI).href;
}

export async function fetchSearch(target: ApiTarget, query: string, options: SearchOptions, signal: AbortSignal): Promise<SearchResponse> {
  const response = await fetch(searchUrl(target, query, options), { signal, headers: { accept: "application/json" } });
  if (!response.ok) throw await readHttpError(response);
  return (await response.json()) as SearchResponse;
}

export async function sendFeedback(target: ApiTarget, body: FeedbackBody): Promise<void> {
  const response = await fetch(siteUrl(target, "feedback"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await readHttpError(response);
}

/**
 * Click analytics survive the navigation they precede only through sendBeacon. The Blob is text/plain on purpose:
 * a beacon with application/json is not CORS-safelisted, so cross-origin browsers drop it; the server parses the JSON.
 */
export function sendClick(target: ApiTarget, body: ClickBody): void {
  if (!target.siteId) return;
  try {
    const sent = { ...body, query: body.query.slice(0, queryMaxChars) };
    navigator.sendBeacon?.(siteUrl(target, "click"), new Blob([JSON.stringify(sent)], { type: "text/plain" }));
  } catch {
    // Analytics must never break navigation.
  }
}
