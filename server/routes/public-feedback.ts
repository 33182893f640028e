// Public visitor signals: a result click (POST …/click) and an answer rating (POST …/feedback), both 204.
// Bodies are JSON sent as application/json or as text/plain (navigator.sendBeacon).
import { t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { ClickBody, FeedbackBody } from "../../shared/chat.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { badRequest, notFound } from "../errors/domain-error.ts";
import { parseBeaconBody } from "../analytics/index.ts";
import type { FeedbackRecorder } from "../ports/feedback-recorder.ts";
import type { PublicAccessGate, PublicSite } from "../plugins/public-access.ts";
import { publicSitePlugin } from "../plugins/public-site.ts";
import { SiteParams } from "../../shared/params.ts";
import type { TrustProxy } from "../plugins/client-ip.ts";
import { fromDashboard } from "../plugins/owner-preview.ts";

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export interface PublicFeedbackDeps extends FeedbackRecorder {
  gate: PublicAccessGate<PublicSite>;
  trustProxy: TrustProxy;
}

export function publicFeedbackRoutes(deps: PublicFeedbackDeps, prefix = "/v1/public/sites") {
  return (
    routeGroup(prefix, "Public feedback")
      .use(publicSitePlugin(deps))
      // sendBeacon's text/plain needs no preflight, but the widget's JSON rating does.
      .options("/:siteId/click", () => "", { params: SiteParams, preflight: "search", detail: { summary: "CORS preflight for result clicks" } })
      .options("/:siteId/feedback", () => "", { params: SiteParams, preflight: "chat", detail: { summary: "CORS preflight for answer ratings" } })
      .post(
        "/:siteId/click",
        async ({ site, body, set, request }) => {
          const click = parseBeaconBody(ClickBody, body);
          // The owner's widget preview in the dashboard is not a visitor: its clicks stay out of analytics.
          if (!fromDashboard(request)) deps.recordClick({ orgId: site.orgId, siteId: site.id, query: click.query, url: click.url, position: click.position });
          set.status = 204;
        },
        {
          params: SiteParams,
          publicSignal: "search",
          parse: "text",
          response: { 204: t.Void(), ...errors },
          detail: {
            summary: "Record that a visitor opened a search result (counted into the query's clicks)",
            description:
              "Body: ClickBody {query, url, position?} as JSON, sent as application/json or text/plain (navigator.sendBeacon). Needs public search enabled and an allowed origin.",
          },
        },
      )
      .post(
        "/:siteId/feedback",
        async ({ site, body, set }) => {
          const feedback = parseBeaconBody(FeedbackBody, body);
          const reason = feedback.reason?.trim() || null;
          // A reason explains a thumbs-down; stored with a thumbs-up it would be counted as a complaint.
          if (feedback.rating === "up" && (reason || feedback.tags?.length)) throw badRequest("reason and tags go with rating down only.");
          if (!(await deps.rateAnswer(site.id, feedback.answerId, feedback.rating, reason, feedback.tags ?? []))) throw notFound("Answer");
          set.status = 204;
        },
        {
          params: SiteParams,
          publicSignal: "chat",
          parse: "text",
          response: { 204: t.Void(), ...errors },
          detail: {
            summary: "Rate a chat answer up or down, with an optional reason; a later rating replaces the earlier one",
            description:
              "Body: FeedbackBody {answerId, rating: up|down, reason?, tags?} as JSON; reason and tags only with down (application/json or text/plain). 404 when the answer is not one of this site's. Needs public chat enabled and an allowed origin.",
          },
        },
      )
  );
}
