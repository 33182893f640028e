// Owns the lazy chat half: loads the chat chunk on first question, keeps the stream controller and feedback state.
import type { ReactiveController, ReactiveControllerHost } from "lit";
import { sendFeedback, siteUrl, type ApiTarget } from "../api-client.ts";
import { loadChatRuntime, type ChatRuntime } from "../chat/load-chat-runtime.ts";
import type { ChatStreamController, ChatTurn } from "../chat/chat-stream-controller.ts";
import type { FeedbackTag } from "../../shared/chat.ts";
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
  /** Answers rated down whose reason form is still open. */
  readonly asking = new Set<string>();
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
      if (!this.runtime) {
        this.runtime = await loadChatRuntime();
        this.#adoptStyles(this.runtime.styles);
      }
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

  // A constructed sheet, like Lit's own: allowed under a strict style-src, unlike a <style> element.
  #adoptStyles(text: string): void {
    const root = (this.#host as unknown as Element).shadowRoot;
    if (!root) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  stop(): void {
    this.stream?.stop();
  }

  hostDisconnected(): void {
    this.stop();
  }

  /**
   * A thumbs-down is sent at once (a visitor may never fill in the reason) and opens the reason form; sending the
   * form rates it again with the tags and text, which replace the first rating on the server.
   */
  async rate(turn: ChatTurn, rating: "up" | "down", tags?: FeedbackTag[], reason?: string): Promise<void> {
    if (!turn.answerId) return;
    const answerId = turn.answerId;
    const withReason = tags !== undefined;
    this.feedback.set(answerId, rating);
    if (rating === "down" && !withReason) this.asking.add(answerId);
    else this.asking.delete(answerId);
    this.#host.requestUpdate();
    try {
      await sendFeedback(this.#options.target(), { answerId, rating, ...(withReason && tags.length ? { tags } : {}), ...(reason ? { reason } : {}) });
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
