// Chat requests, responses (both interface variants at once), stream events and answer feedback.
import { Type, type Static } from "@sinclair/typebox";
import { literalUnion } from "./literal-union.ts";
import { Limits } from "./limits.ts";
import { feedbackTags } from "./feedback-tags.ts";

const Question = Type.String({ maxLength: Limits.chatQuestionMaxChars });

/** Variant A sends `query`, variant B sends `message`; both are accepted. */
export const ChatRequest = Type.Object(
  {
    query: Type.Optional(Question),
    message: Type.Optional(Question),
    sessionId: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ChatRequest = Static<typeof ChatRequest>;

export const ChatSource = Type.Object({
  url: Type.String(),
  title: Type.String(),
  score: Type.Number({ minimum: 0, maximum: 1 }),
  relevance: Type.Number({ minimum: 0, maximum: 1, description: "Same number as score (variant B's name)." }),
});
export type ChatSource = Static<typeof ChatSource>;

export const AnswerMode = Type.Union([Type.Literal("generative"), Type.Literal("extractive")]);
export type AnswerMode = Static<typeof AnswerMode>;

/** Carries the fields of both response variants: `answer` and `response` hold the same markdown. */
export const ChatResponse = Type.Object({
  answer: Type.String(),
  response: Type.String(),
  sources: Type.Array(ChatSource),
  sessionId: Type.String(),
  mode: AnswerMode,
  answered: Type.Boolean({ description: "False when the sources did not answer the question." }),
  answerId: Type.String({ description: "Identifies this answer for feedback." }),
});
export type ChatResponse = Static<typeof ChatResponse>;

/** Server-sent event names of the streaming chat (Accept: text/event-stream). */
export const ChatStreamEvent = {
  sources: "sources",
  answerDelta: "answer-delta",
  answerEnd: "answer-end",
  error: "error",
} as const;
export type ChatStreamEvent = (typeof ChatStreamEvent)[keyof typeof ChatStreamEvent];

/** First event: the retrieved candidate pages, before the answer is written; not yet the cited list. */
export const SourcesEventData = Type.Object({ sources: Type.Array(ChatSource), sessionId: Type.String(), mode: AnswerMode });
/**
 * Answer text, already renumbered: the deltas add up to exactly the final `answer`, and `[n]` in them
 * means the n-th cited source. `sources`, present when a delta cites a new source, is the cited list so far.
 */
export const AnswerDeltaEventData = Type.Object({ text: Type.String(), sources: Type.Optional(Type.Array(ChatSource)) });
/** Last event: the final answer (same text the deltas added up to) and only the cited sources, in citation order. */
export const AnswerEndEventData = Type.Object({
  sessionId: Type.String(),
  answerId: Type.String(),
  answered: Type.Boolean(),
  sources: Type.Array(ChatSource),
  answer: Type.String(),
  mode: AnswerMode,
});
export type SourcesEventData = Static<typeof SourcesEventData>;
export type AnswerDeltaEventData = Static<typeof AnswerDeltaEventData>;
export type AnswerEndEventData = Static<typeof AnswerEndEventData>;

/** Why a thumbs-down: the tags the widget offers, stored with the rating and counted in analytics. */
export const FeedbackTag = literalUnion(feedbackTags);
export type FeedbackTag = (typeof feedbackTags)[number];

export const FeedbackBody = Type.Object(
  {
    answerId: Type.String({ minLength: 1, maxLength: 100 }),
    rating: Type.Union([Type.Literal("up"), Type.Literal("down")]),
    reason: Type.Optional(Type.String({ maxLength: Limits.feedbackReasonMaxChars })),
    tags: Type.Optional(Type.Array(FeedbackTag, { maxItems: 5, uniqueItems: true, description: "Only with rating down." })),
  },
  { additionalProperties: false },
);
export type FeedbackBody = Static<typeof FeedbackBody>;

export const ClickBody = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: Limits.queryMaxChars }),
    url: Type.String({ minLength: 1, maxLength: Limits.urlMaxChars }),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type ClickBody = Static<typeof ClickBody>;
