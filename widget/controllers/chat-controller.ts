// Owns the lazy chat half: loads the chat chunk on first question, keeps the stream controller and feedback state.
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from "lit";
import { renderFollowUp } from "../render/follow-up-view.ts";
import type { SearchTranslations } from "../translations.ts";
import { sendFeedback, siteUrl, type ApiTarget } from "../api-client.ts";
import { loadChatRuntime, type ChatRuntime } from "../chat/load-chat-runtime.ts";
import type { ChatStreamController, ChatTurn } from "../chat/chat-stream-controller.ts";
import type { AnswerMode, FeedbackTag } from "../../shared/chat.ts";
import { copyText } from "../clipboard.ts";
import { toWidgetError, type WidgetError } from "../widget-error.ts";

export interface ChatControllerOptions {
  target(): ApiTarget;
  onAnswer(turn: ChatTurn, sessionId: string): void;
  onError(error: WidgetError): void;
  copiedLabel(): string;
  /** Whether the conversation is on screen. */
  showing(): boolean;
}

export interface ChatViewOptions {
  t: SearchTranslations;
  /** Inside the search panel (not the bubble): offer the way back and a follow-up input of its own. */
  inPanel: boolean;
  /** A question is on its way: show that while the chunk loads. */
  asked: boolean;
  onBack(): void;
  onSource(url: string, event: MouseEvent): void;
  onAsk(question: string): void;
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

  /** The answer mode the service reported with its latest answer, once one was asked. */
  get mode(): AnswerMode | undefined {
    return this.turns.at(-1)?.mode;
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

  #shownTurns = 0;

  // A new question scrolls its answer into view once; later deltas leave the visitor's scrolling alone.
  hostUpdated(): void {
    const turns = this.turns.length;
    const root = (this.#host as unknown as Element).shadowRoot;
    if (this.#options.showing() && turns > this.#shownTurns) root?.querySelector(".answer:last-of-type")?.scrollIntoView({ block: "nearest" });
    this.#shownTurns = this.#options.showing() ? turns : 0;
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

  /** The conversation (from the chat chunk) with its follow-up input; a loading line until the chunk is there. */
  view(o: ChatViewOptions): TemplateResult | typeof nothing {
    const { t } = o;
    if (!this.runtime || !this.stream) return o.asked ? html`<p class="status" part="status">${t.answerLoading}</p>` : nothing;
    return html`${this.runtime.renderConversation({
      t,
      renderMarkdown: this.runtime.renderMarkdown,
      turns: this.turns,
      feedback: this.feedback,
      asking: this.asking,
      back: o.inPanel,
      onBack: o.onBack,
      onStop: () => this.stop(),
      onCopyAnswer: (turn) => void copyText(turn.text),
      onFeedback: (turn, rating, tags, reason) => void this.rate(turn, rating, tags, reason),
      onAnswerClick: this.onAnswerClick,
      onSource: o.onSource,
      onSuggestion: o.onAsk,
    })}${o.inPanel && this.turns.length ? renderFollowUp({ t, label: t.followUp, disabled: this.streaming, onSubmit: o.onAsk }) : nothing}`;
  }

  /** Delegated click on an answer: the copy buttons on code blocks are plain DOM made by the markdown renderer. */
  readonly onAnswerClick = (event: MouseEvent): void => {
    const button = (event.target as Element).closest?.("[data-copy]");
    const code = button?.closest("pre")?.querySelector("code")?.textContent;
    if (button && code != null) void copyText(code).then((ok) => ok && (button.textContent = this.#options.copiedLabel()));
  };
}
