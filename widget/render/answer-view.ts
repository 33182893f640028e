// The conversation view of the chat chunk: a way back to the results, each question with its streamed answer,
// sources, stop, copy and feedback (with a reason form on thumbs-down), then suggested next questions.
import type { TemplateResult } from "lit";
import type { FeedbackTag } from "../../shared/chat.ts";
import type { ChatRuntime } from "../chat/load-chat-runtime.ts";
import type { ChatTurn } from "../chat/chat-stream-controller.ts";
import { followUpSuggestions } from "../chat/follow-up-suggestions.ts";
import type { SearchTranslations, Translations } from "../translations.ts";
import { withChatStrings } from "../chat/chat-translations.ts";
import { renderReasonForm } from "./feedback-form.ts";
import { backIcon, copyIcon, stopIcon, thumbIcon } from "./icons.ts";
import { html, nothing } from "./template-tags.ts";

export type Rating = "up" | "down";

export interface ConversationModel {
  t: Translations;
  renderMarkdown: ChatRuntime["renderMarkdown"];
  turns: readonly ChatTurn[];
  feedback: ReadonlyMap<string, Rating>;
  /** Answers whose reason form is open. */
  asking: ReadonlySet<string>;
  /** Whether to offer the way back (not in the bubble, which has no results). */
  back: boolean;
  onBack(): void;
  onStop(): void;
  onCopyAnswer(turn: ChatTurn): void;
  onFeedback(turn: ChatTurn, rating: Rating, tags?: FeedbackTag[], reason?: string): void;
  onAnswerClick(event: MouseEvent): void;
  onSource(url: string, event: MouseEvent): void;
  onSuggestion(question: string): void;
}

// Markdown is re-rendered only when a turn's text or sources change, not on every host update. Nodes, not the
// fragment, are kept: a fragment empties on first insertion, nodes can move when the layout re-renders.
const rendered = new WeakMap<ChatTurn, { key: string; nodes: Node[] }>();

function answerBody(m: ConversationModel, turn: ChatTurn): Node[] {
  const key = `${turn.text.length}:${turn.sources.length}`;
  const cached = rendered.get(turn);
  if (cached?.key === key) return cached.nodes;
  const nodes = [...m.renderMarkdown(turn.text, { sources: turn.sources, copyCodeLabel: m.t.copyCode }).childNodes];
  rendered.set(turn, { key, nodes });
  return nodes;
}

function feedbackButtons(m: ConversationModel, turn: ChatTurn, answerId: string): TemplateResult {
  const { t } = m;
  const rating = m.feedback.get(answerId);
  const thumb = (r: Rating, label: string) => html`<button type="button" class="icon-button" part=${`feedback-button feedback-${r}`} aria-label=${label}
    aria-pressed=${rating === r ? "true" : "false"} @click=${() => m.onFeedback(turn, r)}>${thumbIcon(r === "down")}</button>`;
  return html`${thumb("up", t.helpful)}${thumb("down", t.notHelpful)}
    ${rating && !m.asking.has(answerId) ? html`<span class="status" part="status" role="status">${t.thanks}</span>` : nothing}`;
}

function renderTurn(m: ConversationModel, turn: ChatTurn, index: number): TemplateResult {
  const { t } = m;
  return html`<article class="answer" part="answer" aria-busy=${turn.status === "streaming" ? "true" : "false"}>
    <p class="question" part="question">${turn.question}</p>
    ${turn.status === "streaming" && !turn.text ? html`<p class="status" part="status">${t.answerLoading}</p>` : nothing}
    <div class="answer-body ${turn.status === "streaming" ? "typing" : ""}" part="answer-body" @click=${m.onAnswerClick}>${answerBody(m, turn)}</div>
    ${turn.status === "error" ? html`<p class="status" part="status error">${t.error}</p>` : nothing}
    ${turn.status === "stopped" ? html`<p class="status" part="status">${t.answerStopped}</p>` : nothing}
    ${turn.answered === false ? html`<p class="status" part="status">${t.notAnswered}</p>` : nothing}
    ${
      turn.sources.length
        ? html`<ol class="sources" part="sources" aria-label=${t.sources}>
          ${turn.sources.map(
            (source, i) =>
              html`<li><a part="source" href=${source.url} @click=${(event: MouseEvent) => m.onSource(source.url, event)}>[${i + 1}] ${source.title}</a></li>`,
          )}
        </ol>`
        : nothing
    }
    <div class="actions" part="actions">
      ${
        turn.status === "streaming"
          ? html`<button type="button" class="text-button" part="stop-button" @click=${m.onStop}>${stopIcon()} ${t.stop}</button>`
          : nothing
      }
      ${
        turn.status === "done"
          ? html`<button type="button" class="text-button" part="copy-button" @click=${() => m.onCopyAnswer(turn)}>${copyIcon()} ${t.copyAnswer}</button>
            ${turn.answerId ? feedbackButtons(m, turn, turn.answerId) : nothing}`
          : nothing
      }
    </div>
    ${
      turn.answerId && m.asking.has(turn.answerId)
        ? renderReasonForm({ t, id: `reason-${index}`, onSubmit: (tags, reason) => m.onFeedback(turn, "down", tags, reason) })
        : nothing
    }
  </article>`;
}

export function renderConversation(given: Omit<ConversationModel, "t"> & { t: SearchTranslations }): TemplateResult {
  const m = { ...given, t: withChatStrings(given.t) };
  const { t } = m;
  const suggestions = followUpSuggestions(m.turns, t.tellMeMore);
  return html`<div class="conversation" part="conversation">
    ${m.back ? html`<button type="button" class="text-button back" part="back-button" @click=${m.onBack}>${backIcon()} ${t.backToResults}</button>` : nothing}
    ${m.turns.map((turn, i) => renderTurn(m, turn, i))}
    ${
      suggestions.length
        ? html`<div class="next-questions"><p class="group-label" id="next-questions">${t.moreQuestions}</p>
          <ul class="suggestions" part="suggestions" aria-labelledby="next-questions">
            ${suggestions.map((q) => html`<li><button type="button" class="suggestion" part="suggestion" @click=${() => m.onSuggestion(q)}>${q}</button></li>`)}
          </ul></div>`
        : nothing
    }
  </div>`;
}
