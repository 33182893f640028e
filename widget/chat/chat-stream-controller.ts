// Asks the chat endpoint and streams the answer (fetch + ReadableStream SSE), with stop, session memory and a JSON fallback.
import type { ReactiveController, ReactiveControllerHost } from "lit";
import type { AnswerDeltaEventData, AnswerEndEventData, AnswerMode, ChatRequest, ChatResponse, ChatSource, SourcesEventData } from "../../shared/chat.ts";
import type { ErrorBody } from "../../shared/errors.ts";
import { isAbort, readHttpError, toWidgetError, type WidgetError } from "../widget-error.ts";
import { SseParser } from "./sse-parser.ts";

export type TurnStatus = "streaming" | "done" | "stopped" | "error";

export interface ChatTurn {
  question: string;
  text: string;
  sources: ChatSource[];
  status: TurnStatus;
  answerId?: string;
  answered?: boolean;
  /** How the service answered: written by a model, or its best passages quoted. */
  mode?: AnswerMode;
  error?: WidgetError;
}

export interface ChatStreamOptions {
  url(): string;
  /** sessionStorage key; one conversation per site and tab. */
  sessionKey(): string;
  onAnswer?(turn: ChatTurn, sessionId: string): void;
  onError?(error: WidgetError): void;
}

function readSession(key: string): string | undefined {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined; // Storage blocked (privacy mode, sandboxed iframe): chat still works, without memory.
  }
}

function writeSession(key: string, sessionId: string): void {
  try {
    sessionStorage.setItem(key, sessionId);
  } catch {
    // See readSession.
  }
}

export class ChatStreamController implements ReactiveController {
  turns: ChatTurn[] = [];
  readonly #host: ReactiveControllerHost;
  readonly #options: ChatStreamOptions;
  #abort: AbortController | undefined;

  constructor(host: ReactiveControllerHost, options: ChatStreamOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  get streaming(): boolean {
    return this.#abort !== undefined;
  }

  hostDisconnected(): void {
    this.stop();
  }

  stop(): void {
    this.#abort?.abort();
  }

  /** Forgets the conversation on screen and on the server side (a new session starts on the next question). */
  reset(): void {
    this.stop();
    this.turns = [];
    try {
      sessionStorage.removeItem(this.#options.sessionKey());
    } catch {
      // See readSession.
    }
    this.#host.requestUpdate();
  }

  async ask(question: string): Promise<void> {
    const text = question.trim();
    if (!text) return;
    this.stop();
    const turn: ChatTurn = { question: text, text: "", sources: [], status: "streaming" };
    this.turns = [...this.turns, turn];
    const abort = new AbortController();
    this.#abort = abort;
    this.#host.requestUpdate();
    // The server accepts both interface variants; sending both keeps the widget working against either.
    const body: ChatRequest = { query: text, message: text, sessionId: readSession(this.#options.sessionKey()) };
    try {
      let response: Response;
      try {
        response = await this.#post(body, true, abort.signal);
      } catch (cause) {
        // Streaming failed before any byte (a proxy that rejects SSE): the plain JSON request is the fallback.
        if (isAbort(cause)) throw cause;
        response = await this.#post(body, false, abort.signal);
      }
      if (!response.ok) throw await readHttpError(response);
      if (response.headers.get("content-type")?.includes("text/event-stream") && response.body) {
        await this.#readStream(turn, response.body);
      } else {
        this.#applyJson(turn, (await response.json()) as ChatResponse);
      }
      this.#update(turn, { status: "done" });
      this.#options.onAnswer?.(turn, readSession(this.#options.sessionKey()) ?? "");
    } catch (cause) {
      if (isAbort(cause)) {
        this.#update(turn, { status: "stopped" });
      } else {
        const error = toWidgetError(cause);
        this.#update(turn, { status: "error", error });
        this.#options.onError?.(error);
      }
    } finally {
      if (this.#abort === abort) this.#abort = undefined;
      this.#host.requestUpdate();
    }
  }

  #post(body: ChatRequest, stream: boolean, signal: AbortSignal): Promise<Response> {
    return fetch(this.#options.url(), {
      method: "POST",
      signal,
      headers: { "content-type": "application/json", accept: stream ? "text/event-stream" : "application/json" },
      body: JSON.stringify(body),
    });
  }

  async #readStream(turn: ChatTurn, body: ReadableStream<Uint8Array>): Promise<void> {
    const parser = new SseParser();
    // The cast bridges a lib.dom typing gap (TextDecoderStream is typed for BufferSource, not Uint8Array).
    const reader = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
    let ended = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const event of parser.push(value)) {
        const data: unknown = JSON.parse(event.data);
        if (event.event === "sources") {
          const sources = data as SourcesEventData;
          writeSession(this.#options.sessionKey(), sources.sessionId);
          this.#update(turn, { sources: sources.sources, mode: sources.mode });
        } else if (event.event === "answer-delta") {
          this.#update(turn, { text: turn.text + (data as AnswerDeltaEventData).text });
        } else if (event.event === "answer-end") {
          const end = data as AnswerEndEventData;
          writeSession(this.#options.sessionKey(), end.sessionId);
          this.#update(turn, { answerId: end.answerId, answered: end.answered, sources: end.sources.length ? end.sources : turn.sources });
          ended = true;
        } else if (event.event === "error") {
          const error = data as ErrorBody;
          throw { message: error.error, code: error.code ?? "STREAM", status: 200 } satisfies WidgetError;
        }
      }
    }
    parser.end();
    if (!ended) throw { message: "The answer stream ended early.", code: "STREAM", status: 200 } satisfies WidgetError;
  }

  #applyJson(turn: ChatTurn, response: ChatResponse): void {
    writeSession(this.#options.sessionKey(), response.sessionId);
    this.#update(turn, {
      text: response.answer ?? response.response,
      sources: response.sources,
      answerId: response.answerId,
      answered: response.answered,
      mode: response.mode,
    });
  }

  #update(turn: ChatTurn, patch: Partial<ChatTurn>): void {
    Object.assign(turn, patch);
    // A new array makes Lit's change detection and `repeat` see the edit.
    this.turns = [...this.turns];
    this.#host.requestUpdate();
  }
}
