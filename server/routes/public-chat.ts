// Public chat: POST /v1/public/sites/:siteId/chat answers JSON by default and server-sent events on Accept: text/event-stream.
import { routeGroup } from "./route-group.ts";
import { ChatRequest, ChatResponse, ChatStreamEvent, type AnswerEndEventData } from "../../shared/chat.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { badRequest } from "../errors/domain-error.ts";
import { openEventStream, wantsEventStream, type ChatService, type ChatSite } from "../chat/index.ts";
import type { PublicAccessGate, PublicSite } from "../plugins/public-access.ts";
import { publicSitePlugin } from "../plugins/public-site.ts";
import { headerText } from "../plugins/response-headers.ts";
import { SiteParams } from "../../shared/params.ts";
import type { TrustProxy } from "../plugins/client-ip.ts";
import { fromDashboard } from "../plugins/owner-preview.ts";

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody, 502: ErrorBody, 503: ErrorBody };

/** Variant A names the question `query`, variant B `message`; the widget sends both with the same text. */
export function questionOf(body: ChatRequest): string {
  if (body.query !== undefined && body.message !== undefined && body.query.trim() !== body.message.trim()) {
    throw badRequest("Send the question as query or as message, not two different questions.");
  }
  const question = (body.query ?? body.message)?.trim();
  if (question === undefined) throw badRequest("The question is missing: send it as query (or message).");
  if (question === "") throw badRequest("The question is empty.");
  return question;
}

export interface PublicChatDeps {
  chat: ChatService;
  gate: PublicAccessGate<PublicSite & ChatSite>;
  trustProxy: TrustProxy;
  onUnexpectedError?(error: unknown): void;
}

export function publicChatRoutes(deps: PublicChatDeps, prefix = "/v1/public/sites") {
  return routeGroup(prefix, "Public chat")
    .use(publicSitePlugin(deps))
    .options("/:siteId/chat", () => "", { params: SiteParams, preflight: "chat", detail: { summary: "CORS preflight for the site's chat" } })
    .post(
      "/:siteId/chat",
      async ({ site, ip, body, request, set }) => {
        // The chat use case counts the question against the site's daily budget once it is known to be valid.
        const question = questionOf(body);
        const ask = { site, ip, question, sessionId: body.sessionId, preview: fromDashboard(request) };
        if (!wantsEventStream(request.headers.get("accept"))) return deps.chat.ask({ ...ask, signal: request.signal });
        // A Response passes through Elysia untouched; the cast only satisfies the JSON schema's type.
        const stream = openEventStream(
          { headers: headerText(set.headers), signal: request.signal, onUnexpectedError: deps.onUnexpectedError },
          async (send, signal) => {
            const result = await deps.chat.ask({
              ...ask,
              signal,
              events: {
                onSources: (data) => send(ChatStreamEvent.sources, data),
                onDelta: (text, sources) => send(ChatStreamEvent.answerDelta, sources ? { text, sources } : { text }),
              },
            });
            const end: AnswerEndEventData = {
              sessionId: result.sessionId,
              answerId: result.answerId,
              answered: result.answered,
              sources: result.sources,
              answer: result.answer,
              mode: result.mode,
            };
            send(ChatStreamEvent.answerEnd, end);
          },
        );
        return (await stream) as unknown as ChatResponse;
      },
      {
        params: SiteParams,
        body: ChatRequest,
        publicSite: { feature: "chat" },
        response: { 200: ChatResponse, ...errors },
        detail: {
          summary: "Ask a question about the site; cited answer as JSON, or as server-sent events with Accept: text/event-stream",
          description:
            "Events in order: sources (retrieved candidates), answer-delta (text; adds up to the final answer), answer-end (final answer and cited sources), or error.",
        },
      },
    );
}
