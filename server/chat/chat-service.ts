// The chat use case: continue or start a session, retrieve passages, answer (model or extractive), cite, store.
import type { AnswerMode, ChatResponse, ChatSource } from "../../shared/chat.ts";
import type { AnswerModel } from "../ports/answer-model.ts";
import type { ChatStore } from "../ports/chat-store.ts";
import { buildAnswerPrompt, type PromptTurn } from "./answer-prompt.ts";
import { extractiveAnswer, notFoundText } from "./extractive-answer.ts";
import { rewriteFollowUp } from "./query-rewrite.ts";
import { CitationStream } from "./citation-stream.ts";
import { keepSiteLinks } from "./answer-links.ts";
import { siteHostCheck } from "../sites/index.ts";
import { retrievePassages, type ChatPassage, type PassageSearch, type RetrievalOptions } from "./chat-passages.ts";
import { newId } from "../new-id.ts";
import type { RateLimits } from "../../shared/sites.ts";

export interface ChatSite {
  id: string;
  orgId: string;
  name: string;
  /** With the allowed domains and the retrieved pages, the hosts an answer may link to. */
  baseUrl?: string;
  publicAccess?: { allowedDomains: readonly string[] };
  /** The site's daily chat budget settings (stored settings may lack them: defaults apply). */
  rateLimits?: Partial<RateLimits>;
}

/** Counts one chat against the site's daily budget, or throws (429) when it is spent. */
export interface ChatAdmission {
  admit(site: { id: string; rateLimits?: Partial<RateLimits> }): Promise<void>;
}

/** Streaming callbacks; without them the answer is made in one call and only returned. */
export interface ChatEvents {
  /** The retrieved candidates, before the answer is written (the final cited list comes with the result). */
  onSources(data: { sources: ChatSource[]; sessionId: string; mode: AnswerMode }): void;
  /** Renumbered answer text; the deltas add up to the final `answer`. `sources` is the cited list so far, when it grew. */
  onDelta(text: string, sources?: ChatSource[]): void;
}

export interface AskInput {
  site: ChatSite;
  question: string;
  sessionId?: string;
  /** The visitor's address, passed on to analytics (which stores only a salted hash). */
  ip?: string | null;
  /** The site's owner trying it from the dashboard: answered as any question, not counted in analytics. */
  preview?: boolean;
  signal?: AbortSignal;
  events?: ChatEvents;
}

export interface ChatAnswered {
  orgId: string;
  siteId: string;
  question: string;
  sources: number;
  answered: boolean;
  mode: AnswerMode;
  latencyMs: number;
  ip: string | null;
}

export interface ChatModelUsage {
  orgId: string;
  siteId: string;
  purpose: "chat";
  model: string;
  inputTokens: number;
  outputTokens: number;
}

export interface ChatDeps {
  search: PassageSearch;
  store: Pick<ChatStore, "sessionTurns" | "appendTurn" | "saveAnswer" | "pruneExpiredSessions">;
  /** Null without an API key: answers are extractive. */
  model: AnswerModel | null;
  /** Every question passes it before any work, whichever door it came in by (HTTP, event stream, MCP). */
  budget: ChatAdmission;
  /** Unix seconds; tests move it to expire sessions. */
  clock: () => number;
  sessionTtlSeconds: number;
  retrieval?: Partial<RetrievalOptions>;
  /** Output budget of one answer: a few sentences with citations. */
  maxAnswerTokens?: number;
  /** Expired sessions are deleted every this many answers (0 turns it off; `pruneExpiredSessions` can be scheduled instead). */
  pruneEvery?: number;
  onAnswered?(event: ChatAnswered): void;
  onModelUsage?(usage: ChatModelUsage): void;
  /** Told when the answer model fails (the visitor gets 502/503): the operator needs to know, the visitor cannot act. */
  onModelError?(error: unknown, site: ChatSite): void;
  onBackgroundError?(what: string, error: unknown): void;
}

/** Extractive answers are known at once; they still stream in a few pieces so the widget has one code path. */
function pieces(text: string): string[] {
  return text.match(/[^\n]+\n*|\n+/g) ?? [text];
}

const toSource = (p: ChatPassage): ChatSource => ({ url: p.url, title: p.title, score: p.score, relevance: p.score });

export class ChatService {
  #answersSincePrune = 0;

  constructor(private readonly deps: ChatDeps) {}

  get mode(): AnswerMode {
    return this.deps.model ? "generative" : "extractive";
  }

  async ask(input: AskInput): Promise<ChatResponse> {
    const started = performance.now();
    const { site, question, signal, events } = input;
    // Before retrieval and the model, and before a stream's first event, so a spent budget is an ordinary 429.
    await this.deps.budget.admit({ id: site.id, rateLimits: site.rateLimits });
    const now = this.deps.clock();
    const history = input.sessionId ? await this.deps.store.sessionTurns(site.id, input.sessionId, now) : null;
    // An unknown, expired or other site's session id starts a fresh session with a new id (docs/decisions.md).
    const sessionId = history ? input.sessionId! : newId("chat");
    const turns = history ?? [];

    const passages = await retrievePassages(
      { search: this.deps.search },
      { siteId: site.id, query: rewriteFollowUp({ question, history: turns }), signal, options: this.deps.retrieval },
    );
    const candidates = passages.map(toSource);
    const mode = this.mode;
    events?.onSources({ sources: candidates, sessionId, mode });

    const ownHost = siteHostCheck({ baseUrl: site.baseUrl, allowedDomains: site.publicAccess?.allowedDomains, pageUrls: passages.map((p) => p.url) });
    const stream = new CitationStream(passages.length, (text) => keepSiteLinks(text, ownHost));
    let shownCited = 0;
    const emit = (raw: string) => {
      const text = stream.push(raw);
      if (!events) return;
      const cited = stream.cited;
      const grew = cited.length > shownCited;
      shownCited = cited.length;
      if (text || grew) events.onDelta(text, grew ? cited.map((n) => candidates[n - 1]!) : undefined);
    };

    const answeredByModel = await this.#write({ site, question, turns, passages, signal, streaming: Boolean(events) }, emit);
    const final = stream.end();
    if (events && final.rest) events.onDelta(final.rest);
    const sources = final.used.map((n) => candidates[n - 1]!);
    // A model answer that cites nothing is the model saying the sources do not hold the answer.
    const answered = answeredByModel ?? sources.length > 0;
    const answerId = newId("ans");
    await Promise.all([
      this.deps.store.appendTurn({ siteId: site.id, sessionId, turn: { question, answer: final.text }, now, ttlSeconds: this.deps.sessionTtlSeconds }),
      this.deps.store.saveAnswer({ id: answerId, siteId: site.id, sessionId, question, answered, mode }),
    ]);
    const latencyMs = Math.round(performance.now() - started);
    if (!input.preview)
      this.deps.onAnswered?.({ orgId: site.orgId, siteId: site.id, question, sources: sources.length, answered, mode, latencyMs, ip: input.ip ?? null });
    this.#maybePrune(now);
    return { answer: final.text, response: final.text, sources, sessionId, mode, answered, answerId };
  }

  /**
   * Writes the answer through `emit`: the model's, the extractive one without a model, or "not found" without passages.
   * Returns whether it answered, or null when the citations decide (a model's answer).
   */
  async #write(
    input: { site: ChatSite; question: string; turns: PromptTurn[]; passages: ChatPassage[]; signal?: AbortSignal; streaming: boolean },
    emit: (raw: string) => void,
  ): Promise<boolean | null> {
    const { site, question, passages, signal } = input;
    if (passages.length === 0) {
      // Nothing relevant: asking the model would only invite a guess, and costs tokens.
      for (const piece of pieces(notFoundText)) emit(piece);
      return false;
    }
    if (!this.deps.model) {
      const extracted = extractiveAnswer({ question, passages });
      for (const piece of pieces(extracted.text)) emit(piece);
      return extracted.answered;
    }
    const prompt = buildAnswerPrompt({ siteName: site.name, question, history: input.turns, passages });
    const output = await this.deps.model
      .answer({
        system: prompt.system,
        messages: prompt.messages,
        maxTokens: this.deps.maxAnswerTokens ?? 800,
        signal,
        onDelta: input.streaming ? emit : undefined,
      })
      .catch((error: unknown) => {
        if (!signal?.aborted) this.deps.onModelError?.(error, site);
        throw error;
      });
    if (!input.streaming) emit(output.text);
    const { model, inputTokens, outputTokens } = output;
    this.deps.onModelUsage?.({ orgId: site.orgId, siteId: site.id, purpose: "chat", model, inputTokens, outputTokens });
    return null;
  }

  /** Deletes expired sessions; returns how many. Safe to call from a timer on every instance. */
  pruneExpiredSessions(): Promise<number> {
    return this.deps.store.pruneExpiredSessions(this.deps.clock());
  }

  #maybePrune(now: number): void {
    const every = this.deps.pruneEvery ?? 100;
    if (every <= 0 || ++this.#answersSincePrune < every) return;
    this.#answersSincePrune = 0;
    this.deps.store.pruneExpiredSessions(now).catch((error: unknown) => this.deps.onBackgroundError?.("pruning expired chat sessions", error));
  }
}
