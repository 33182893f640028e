// Templates of the chat half: each question with its streamed answer, sources, copy, feedback and stop controls.
import { html, nothing, type TemplateResult } from "lit";
import { repeat } from "lit/directives/repeat.js";
import type { ChatRuntime } from "../chat/load-chat-runtime.ts";
import type { ChatTurn } from "../chat/chat-stream-controller.ts";
import type { Translations } from "../translations.ts";

export interface AnswerViewModel {
  t: Translations;
  runtime: ChatRuntime;
  turns: readonly ChatTurn[];
  feedback: ReadonlyMap<string, "up" | "down">;
  onStop(): void;
  onCopyAnswer(turn: ChatTurn): void;
  onFeedback(turn: ChatTurn, rating: "up" | "down"): void;
  onAnswerClick(event: MouseEvent): void;
  onSource(url: string, event: MouseEvent): void;
}

// Markdown is re-rendered only when a turn's text or sources change, not on every host update. Nodes, not the
// fragment, are kept: a fragment empties on first insertion, nodes can move when the layout re-renders.
const rendered = new WeakMap<ChatTurn, { key: string; nodes: Node[] }>();

function answerBody(m: AnswerViewModel, turn: ChatTurn): Node[] {
  const key = `${turn.text.length}:${turn.sources.length}`;
  const cached = rendered.get(turn);
  if (cached?.key === key) return cached.nodes;
  const nodes = [...m.runtime.renderMarkdown(turn.text, { sources: turn.sources, copyCodeLabel: m.t.copyCode }).childNodes];
  rendered.set(turn, { key, nodes });
  return nodes;
}

function renderTurn(m: AnswerViewModel, turn: ChatTurn): TemplateResult {
  const { t } = m;
  const rating = turn.answerId ? m.feedback.get(turn.answerId) : undefined;
  return html`<article class="answer" part="answer" aria-busy=${turn.status === "streaming" ? "true" : "false"}>
    <p class="question" part="question">${turn.question}</p>
    ${turn.status === "streaming" && !turn.text ? html`<p class="status" part="status">${t.answerLoading}</p>` : nothing}
    <div class="answer-body ${turn.status === "streaming" ? "typing" : ""}" part="answer-body" @click=${m.onAnswerClick}>${answerBody(m, turn)}</div>
    ${turn.status === "error" ? html`<p class="status" part="status error">${t.error}</p>` : nothing}
    ${turn.status === "stopped" ? html`<p class="status" part="status">${t.answerStopped}</p>` : nothing}
    ${turn.answered === false ? html`<p class="status" part="status">${t.notAnswered}</p>` : nothing}
    ${turn.sources.length
      ? html`<p class="visually-hidden">${t.sources}</p>
          <ol class="sources" part="sources" aria-label=${t.sources}>
            ${turn.sources.map(
              (source, i) => html`<li><a part="source" href=${source.url} @click=${(event: MouseEvent) => m.onSource(source.url, event)}>[${i + 1}] ${source.title}</a></li>`,
            )}
          </ol>`
      : nothing}
    <div class="actions" part="actions">
      ${turn.status === "streaming"
        ? html`<button type="button" class="text-button" part="stop-button" @click=${m.onStop}>■ ${t.stop}</button>`
        : nothing}
      ${turn.status === "done"
        ? html`<button type="button" class="text-button" part="copy-button" @click=${() => m.onCopyAnswer(turn)}>${t.copyAnswer}</button>
            ${turn.answerId
              ? html`<button type="button" class="icon-button" part="feedback-button feedback-up" aria-label=${t.helpful} aria-pressed=${rating === "up" ? "true" : "false"}
                    @click=${() => m.onFeedback(turn, "up")}>👍</button>
                  <button type="button" class="icon-button" part="feedback-button feedback-down" aria-label=${t.notHelpful} aria-pressed=${rating === "down" ? "true" : "false"}
                    @click=${() => m.onFeedback(turn, "down")}>👎</button>
                  ${rating ? html`<span class="status" part="status">${t.thanks}</span>` : nothing}`
              : nothing}`
        : nothing}
    </div>
  </article>`;
}

export function renderAnswers(m: AnswerViewModel): TemplateResult {
  return html`${repeat(m.turns, (_turn, i) => i, (turn) => renderTurn(m, turn))}`;
}

export interface FollowUpModel {
  t: Translations;
  label: string;
  disabled: boolean;
  onSubmit(question: string): void;
}

export function renderFollowUp(m: FollowUpModel): TemplateResult {
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const input = form.elements.namedItem("question") as HTMLInputElement;
    m.onSubmit(input.value);
    input.value = "";
  };
  return html`<form class="follow-up field" part="follow-up" @submit=${submit}>
    <input name="question" part="follow-up-input" aria-label=${m.label} placeholder=${m.label} autocomplete="off" maxlength="2000" />
    <button type="submit" class="primary" part="send-button" ?disabled=${m.disabled}>${m.t.send}</button>
  </form>`;
}
