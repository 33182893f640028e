// Owns the lazy chat half: loads the chat chunk on first question, keeps the stream controller and feedback state.
import type { ReactiveController, ReactiveControllerHost } from "lit";
import { sendFeedback, siteUrl, type ApiTarget } from "../api-client.ts";
import { loadChatRuntime, type ChatRuntime } from "../chat/load-chat-runtime.ts";
import type { ChatStreamController, ChatTurn } from "../chat/chat-stream-controller.ts";
import { copyText } from "../clipboard.ts";
import { toWidgetError, type WidgetError } from "../widget-error.ts";

export interface ChatControllerOptions {
  target(): ApiTarget;
  onAnswer(turn: ChatTurn, sessionId: string): void;
  onError(error: WidgetError): void;
  copiedLabel(): string;
}

export class ChatController implements ReactiveController {
  runtime: ChatRuntime | undefined;
  stream: ChatStreamController | undefined;
  readonly feedback = new Map<string, "up" | "down">();
  readonly #host: ReactiveControllerHost;
  readonly #options: ChatControllerOptions;

  constructor(host: ReactiveControllerHost, options: ChatControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  get turns(): readonly ChatTurn[] {
    return this.stream?.turns ?? [];
  }

  get streaming(): boolean {
    return this.stream?.streaming ?? false;
  }

  /** Never rejects: failures become the onError callback. */
  async ask(question: string): Promise<void> {
    try {
      this.runtime ??= await loadChatRuntime();
      const target = this.#options.target;
      // Created on first use, so hosts that never ask never pay for the controller or the chunk.
      this.stream ??= new this.runtime.ChatStreamController(this.#host, {
        url: () => siteUrl(target(), "chat"),
        sessionKey: () => `site-search:session:${target().siteId}`,
        onAnswer: this.#options.onAnswer,
        onError: this.#options.onError,
      });
      this.#host.requestUpdate();
      await this.stream.ask(question);
    } catch (cause) {
      this.#options.onError(toWidgetError(cause));
    }
  }

  stop(): void {
    this.stream?.stop();
  }

  hostDisconnected(): void {
    this.stop();
  }

  async rate(turn: ChatTurn, rating: "up" | "down"): Promise<void> {
    if (!turn.answerId) return;
    this.feedback.set(turn.answerId, rating);
    this.#host.requestUpdate();
    try {
      await sendFeedback(this.#options.target(), { answerId: turn.answerId, rating });
    } catch (cause) {
      this.#options.onError(toWidgetError(cause));
    }
  }

  /** Delegated click on an answer: the copy buttons on code blocks are plain DOM made by the markdown renderer. */
  readonly onAnswerClick = (event: MouseEvent): void => {
    const button = (event.target as Element).closest?.("[data-copy]");
    const code = button?.closest("pre")?.querySelector("code")?.textContent;
    if (button && code != null) void copyText(code).then((ok) => ok && (button.textContent = this.#options.copiedLabel()));
  };
}
