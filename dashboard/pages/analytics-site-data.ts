// Per-site analytics for the chosen range, for one site or every site of the overview: queries with no result,
// unanswered questions, rated answers with their reasons, and usage (searches, chats, tokens, today's chat budget).
import type { FeedbackListResponse, NoResultQueriesResponse, SiteUsageResponse, UnansweredQuestionsResponse } from "../../shared/analytics.ts";
import { api } from "../api.ts";

export interface SiteRef {
  id: string;
  name: string;
}

type Named<T> = T & { site: string };

export interface SiteData {
  noResults: Array<Named<{ query: string; count: number }>>;
  unanswered: Array<Named<UnansweredQuestionsResponse["questions"][number]>>;
  feedback: Array<Named<FeedbackListResponse["feedback"][number]>>;
  reasons: Array<{ tag: string; count: number }>;
  usage: Array<Named<SiteUsageResponse>>;
}

async function oneSite(site: SiteRef, range: string, signal: AbortSignal) {
  const at = (path: string) => `/api/sites/${encodeURIComponent(site.id)}/${path}${path.includes("?") ? "&" : "?"}range=${range}`;
  const get = <T>(path: string) => api<T>("GET", at(path), undefined, signal);
  const [noResults, unanswered, feedback, usage] = await Promise.all([
    get<NoResultQueriesResponse>("no-result-queries?limit=100"),
    get<UnansweredQuestionsResponse>("unanswered-questions?limit=100"),
    get<FeedbackListResponse>("feedback?limit=100"),
    get<SiteUsageResponse>("usage"),
  ]);
  return { site: site.name, noResults, unanswered, feedback, usage };
}

export async function loadSiteData(sites: SiteRef[], range: string, signal: AbortSignal): Promise<SiteData> {
  const all = await Promise.all(sites.map((s) => oneSite(s, range, signal)));
  const reasons = new Map<string, number>();
  for (const { feedback } of all) for (const r of feedback.reasons) reasons.set(r.tag, (reasons.get(r.tag) ?? 0) + r.count);
  return {
    noResults: all.flatMap(({ site, noResults }) => noResults.queries.map((q) => ({ ...q, site }))).sort((a, b) => b.count - a.count),
    unanswered: all.flatMap(({ site, unanswered }) => unanswered.questions.map((q) => ({ ...q, site }))).sort((a, b) => b.count - a.count),
    feedback: all.flatMap(({ site, feedback }) => feedback.feedback.map((f) => ({ ...f, site }))).sort((a, b) => b.createdAt - a.createdAt),
    reasons: [...reasons].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count),
    usage: all.map(({ site, usage }) => ({ ...usage, site })),
  };
}
