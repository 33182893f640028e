// One template per mode (inline, modal, bubble, page), assembled from the search and answer views.
import { html, nothing, type TemplateResult } from "lit";
import type { SearchTranslations } from "../translations.ts";
import { renderCombobox, renderResultsBody, type SearchViewModel } from "./search-view.ts";
import { closeIcon, searchIcon, sparkIcon } from "./icons.ts";

export interface LayoutModel {
  t: SearchTranslations;
  search: SearchViewModel;
  open: boolean;
  /** The conversation; when set (after Ask AI) it takes the results' place until the visitor goes back. */
  chat: TemplateResult | typeof nothing;
  chatOpen: boolean;
  /** Results page: count line above and page links below the results. */
  resultCount: TemplateResult | typeof nothing;
  pagination: TemplateResult | typeof nothing;
  /** Chat input for the bubble, already labelled for a first question or a follow-up. */
  chatInput: TemplateResult | typeof nothing;
  greeting: string;
  suggestions: readonly string[];
  showSuggestions: boolean;
  chatOnly: boolean;
  facets: TemplateResult | typeof nothing;
  hotkeyHint: string;
  onOpen(): void;
  onClose(): void;
  onSuggestion(question: string): void;
  onDialogClose(event: Event): void;
  onDialogClick(event: MouseEvent): void;
  onPanelKeyDown(event: KeyboardEvent): void;
}

/** Results or, after Ask AI, the conversation: one at a time, so the answer is where the visitor is looking. */
const body = (m: LayoutModel) => (m.chatOpen ? m.chat : renderResultsBody(m.search));

export function inlineLayout(m: LayoutModel): TemplateResult {
  return html`${renderCombobox(m.search)}
    <div class="popover" part="popover" ?hidden=${!m.open}>${body(m)}</div>`;
}

/** Keyboard hints, and the close button: down here the input keeps the header's whole width. */
function modalFooter(m: LayoutModel): TemplateResult {
  return html`<div class="modal-footer" part="footer">
    <div class="key-hints" aria-hidden="true">
      <span><kbd>↵</kbd> ${m.t.keySelect}</span><span><kbd>↑</kbd><kbd>↓</kbd> ${m.t.keyNavigate}</span><span><kbd>esc</kbd> ${m.t.keyClose}</span>
    </div>
    <button type="button" class="text-button" part="close-button" @click=${m.onClose}>${m.t.close}</button>
  </div>`;
}

export function modalLayout(m: LayoutModel): TemplateResult {
  return html`<button type="button" class="trigger" part="button" aria-haspopup="dialog" @click=${m.onOpen}>
      ${searchIcon()}${m.t.openSearch}${m.hotkeyHint ? html`<kbd part="kbd" aria-hidden="true">${m.hotkeyHint}</kbd>` : nothing}
    </button>
    <dialog part="dialog" aria-label=${m.t.searchLabel} @close=${m.onDialogClose} @click=${m.onDialogClick}>
      ${
        m.open
          ? html`<div class="panel-header">${renderCombobox(m.search)}</div>
            <div class="dialog-results">${body(m)}</div>
            ${modalFooter(m)}`
          : nothing
      }
    </dialog>`;
}

export function bubbleLayout(m: LayoutModel): TemplateResult {
  return html`<button type="button" class="bubble" part="bubble" aria-label=${m.t.openChat} aria-expanded=${m.open ? "true" : "false"}
      aria-controls="chat-panel" @click=${m.open ? m.onClose : m.onOpen}>${m.open ? closeIcon() : sparkIcon()}</button>
    <section id="chat-panel" class="chat-panel" part="chat-panel" role="dialog" aria-labelledby="chat-title" ?hidden=${!m.open} @keydown=${m.onPanelKeyDown}>
      <div class="panel-header">
        <h2 id="chat-title" part="chat-title">${m.t.chatTitle}</h2>
        <button type="button" class="text-button" part="close-button" @click=${m.onClose}>${m.t.close}</button>
      </div>
      ${
        m.chatOnly
          ? html`<p part="greeting">${m.greeting}</p>
            ${
              m.showSuggestions && m.suggestions.length
                ? html`<ul class="suggestions" part="suggestions" aria-label=${m.t.suggestedQuestions}>
                  ${m.suggestions.map(
                    (q) => html`<li><button type="button" class="suggestion" part="suggestion" @click=${() => m.onSuggestion(q)}>${q}</button></li>`,
                  )}
                </ul>`
                : nothing
            }
            ${m.chat}${m.chatInput}`
          : html`${renderCombobox(m.search)}${renderResultsBody(m.search)}`
      }
    </section>`;
}

export function pageLayout(m: LayoutModel): TemplateResult {
  if (m.chatOpen) return html`${renderCombobox(m.search)}<div class="page-conversation">${m.chat}</div>`;
  return html`${renderCombobox(m.search)}
    <div class="page" part="page">
      ${m.facets}
      <div part="results">${m.resultCount}${renderResultsBody(m.search)}${m.pagination}</div>
    </div>`;
}
