// Chat try-out: asks the site's public chat (POST /v1/public/sites/{id}/chat, JSON) from this page and shows the
// answer rendered as the widget renders it, with its sources. Without ANTHROPIC_API_KEY the service quotes the best passages.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { SiteDetail } from "../../shared/sites.ts";
import type { ChatResponse } from "../../shared/chat.ts";
import { Limits } from "../../shared/limits.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { renderTask } from "../task-states.ts";
import { accessProblems } from "./widget-access.ts";
import { answerFragment, answerModeLine } from "../answer-markdown.ts";
import "./widget-access.ts";

export class ChatTryPage extends LitElement {
  static override properties = { siteId: {}, reply: { state: true }, error: { state: true }, busy: { state: true } };
  static override styles = [
    pageStyles,
    css`
    .answer { overflow-wrap: anywhere; margin-top: var(--sl-spacing-small); }
    .answer > :first-child { margin-top: 0; }
    .answer ul, ol { padding-left: var(--sl-spacing-large); }
    .answer a[part="citation"] { text-decoration: none; font-size: var(--sl-font-size-x-small); vertical-align: super; }
    .answer pre { position: relative; }
    .answer [part="code-copy"] { display: none; }
  `,
  ];
  siteId = "";
  reply: (ChatResponse & { question: string }) | null = null;
  error = "";
  busy = false;
  /** The conversation continues while the site stays the same, as in the widget. */
  private sessionId: string | undefined;
  private site = new Task(this, {
    task: ([siteId], { signal }) => (siteId ? api<SiteDetail>("GET", `/api/sites/${encodeURIComponent(siteId)}`, undefined, signal) : Promise.resolve(null)),
    args: () => [this.siteId] as const,
  });

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("siteId") && changed.get("siteId") !== undefined) {
      this.reply = null;
      this.sessionId = undefined;
    }
  }

  private async ask(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const field = (event.target as HTMLFormElement).querySelector('[name="question"]') as unknown as { value: string };
    const question = field.value.trim();
    if (!question) return;
    this.busy = true;
    this.error = "";
    try {
      const body = { query: question, ...(this.sessionId ? { sessionId: this.sessionId } : {}) };
      const reply = await api<ChatResponse>("POST", `/v1/public/sites/${encodeURIComponent(this.siteId)}/chat`, body);
      this.sessionId = reply.sessionId;
      this.reply = { ...reply, question };
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`
      <h2>Chat</h2>
      ${renderTask(this.site, (site) =>
        site === null
          ? ""
          : html`
        <p class="muted" data-testid="answer-mode">${answerModeLine(site.answerMode)}</p>
        <widget-access .site=${site} .features=${["chat"]} @site-updated=${() => this.site.run()}></widget-access>
        <form class="card stack" @submit=${this.ask}>
          <sl-textarea name="question" label="Question about ${site.name}" rows="2" maxlength=${Limits.chatQuestionMaxChars} required></sl-textarea>
          <div class="row">
            <sl-button type="submit" variant="primary" ?loading=${this.busy} ?disabled=${accessProblems(site, ["chat"]).length > 0}>Ask</sl-button>
            ${
              this.sessionId
                ? html`<sl-button @click=${() => {
                    this.sessionId = undefined;
                    this.reply = null;
                  }}>New conversation</sl-button>`
                : ""
            }
          </div>
        </form>`,
      )}
      ${this.error ? html`<sl-alert variant="danger" open>${this.error}</sl-alert>` : ""}
      ${this.reply ? this.answer(this.reply) : ""}
    `;
  }

  private answer(r: ChatResponse & { question: string }) {
    return html`<section class="card" aria-label="Answer" data-testid="chat-answer">
      <p class="muted">${r.question}</p>
      <div class="row">
        <sl-badge variant=${r.mode === "generative" ? "primary" : "neutral"}>
          ${r.mode === "generative" ? "Written by the model" : "Best passages (quoted, no model)"}</sl-badge>
        ${r.answered ? "" : html`<sl-badge variant="warning">not answered by the site's content</sl-badge>`}
      </div>
      <div class="answer" data-testid="chat-answer-body">${answerFragment(r.answer, r.sources)}</div>
      <h3>Sources</h3>
      ${
        r.sources.length === 0
          ? html`<p class="muted">No sources cited.</p>`
          : html`<ol data-testid="chat-sources">${r.sources.map(
              (s) => html`<li>
        <a href=${s.url} target="_blank" rel="noopener">${s.title || s.url}</a> <span class="muted">relevance ${s.score.toFixed(2)}</span></li>`,
            )}</ol>`
      }
    </section>`;
  }
}
customElements.define("chat-try-page", ChatTryPage);
