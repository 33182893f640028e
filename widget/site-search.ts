// The <site-search> custom element: composes the controllers and views; behaviour lives in controllers/.
import { html, nothing, type PropertyValues, type TemplateResult } from "lit";
import { SiteSearchAttributes } from "./site-search-attributes.ts";
import type { ChatTurn } from "./chat/chat-stream-controller.ts";
import { ChatController } from "./controllers/chat-controller.ts";
import { HotkeyController } from "./controllers/hotkey-controller.ts";
import { followPageScheme } from "./controllers/page-scheme-controller.ts";
import { PanelController } from "./controllers/panel-controller.ts";
import { DismissController } from "./controllers/dismiss-controller.ts";
import { QueryController } from "./controllers/query-controller.ts";
import { OptionsController } from "./controllers/options-controller.ts";
import { SiteSearchAnswerEvent, SiteSearchErrorEvent } from "./events.ts";
import { renderFollowUp } from "./render/follow-up-view.ts";
import { renderPagination, renderResultCount } from "./render/pagination-view.ts";
import { renderFacets } from "./render/facets-view.ts";
import { renderDidYouMean } from "./render/did-you-mean.ts";
import { renderCompletions } from "./render/completions-view.ts";
import { bubbleLayout, inlineLayout, modalLayout, pageLayout, type LayoutModel } from "./render/layouts.ts";
import type { SearchViewModel } from "./render/search-view.ts";
import { siteSearchStyles } from "./site-search-styles.ts";
import { resolveTranslations, type SearchTranslations } from "./translations.ts";
import { toWidgetError, type WidgetError } from "./widget-error.ts";
import { parseSuggestions } from "./suggested-questions.ts";

export type { SiteSearchMode } from "./site-search-attributes.ts";

/**
 * Site search and AI answers as one element.
 *
 * @fires site-search-select - SiteSearchSelectEvent {url, query, position}; cancelable to route it yourself.
 * @fires site-search-answer - SiteSearchAnswerEvent {question, answer, sources, answerId, sessionId} when an answer completes.
 * @fires site-search-error - SiteSearchErrorEvent {message, code, status} when search or chat fails.
 *
 * @csspart field - The box around the search input.
 * @csspart input - The search input (role combobox).
 * @csspart clear-button - Clears the query.
 * @csspart button - The modal trigger button.
 * @csspart kbd - The keyboard shortcut hint in the trigger.
 * @csspart dialog - The modal dialog.
 * @csspart close-button - Closes the modal or chat panel.
 * @csspart popover - The inline dropdown.
 * @csspart listbox - The results list.
 * @csspart group - One page with its sections, or the recent searches.
 * @csspart group-label - Heading of the recent searches group.
 * @csspart option - Every option; also `option-active` on the active one.
 * @csspart ask-ai - The "Ask AI" option.
 * @csspart option-title - Title of an option.
 * @csspart option-snippet - Snippet text of a result or section.
 * @csspart section - A matching section under its page.
 * @csspart section-path - Heading path of a section ("Guide › Install › Linux").
 * @csspart mark - A highlighted query term.
 * @csspart status - Loading, empty and error lines, and "Did you mean"; also `error`, `empty` and `did-you-mean`.
 * @csspart did-you-mean-button - The corrected query offered under "Did you mean"; a click searches it.
 * @csspart completions - Completions of the typed query, shown when it found nothing.
 * @csspart completion - One completion; a click searches it.
 * @csspart retry-button - Retries a failed search.
 * @csspart clear-recent - Clears recent searches.
 * @csspart answer - One question with its answer.
 * @csspart question - The question of an answer.
 * @csspart answer-body - The rendered markdown of an answer.
 * @csspart citation - A [n] link inside an answer.
 * @csspart code-copy - Copy button on a code block.
 * @csspart sources - The list of sources under an answer.
 * @csspart source - One source link.
 * @csspart actions - Copy, feedback and stop buttons of an answer.
 * @csspart stop-button - Stops a streaming answer.
 * @csspart copy-button - Copies an answer.
 * @csspart feedback-button - Thumbs up and down; also `feedback-up` / `feedback-down`.
 * @csspart follow-up - The chat question form.
 * @csspart follow-up-input - The chat question input.
 * @csspart send-button - Sends a chat question.
 * @csspart bubble - The floating chat button.
 * @csspart chat-panel - The bubble's chat panel.
 * @csspart chat-title - The chat panel heading.
 * @csspart greeting - The greeting in the chat panel.
 * @csspart suggestions - The suggested questions list.
 * @csspart suggestion - One suggested question.
 * @csspart page - The results page grid.
 * @csspart results - The results column of the page.
 * @csspart facets - The filter column of the page.
 * @csspart facet - One filter group; `facet-label`, `facet-value` inside.
 * @csspart result-count - "1–10 of 37 results" above the results page.
 * @csspart pagination - The page links under the results page; `page-button` each.
 * @csspart footer - The modal's footer: keyboard hints and the close button.
 * @csspart favourite-button - Saves a recent search to favourites, or removes it.
 * @csspart recent-switch - The "Remember my searches" switch.
 * @csspart conversation - The answers view that replaces the results after Ask AI.
 * @csspart back-button - Leaves the conversation for the results.
 * @csspart reason-form - The thumbs-down reason form; `reason-tag`, `reason-text` inside.
 *
 * @cssproperty [--site-search-font=system-ui, -apple-system, "Segoe UI", sans-serif] - Font family.
 * @cssproperty [--site-search-text=#1f2328] - Text colour (dark: #f0f6fc).
 * @cssproperty [--site-search-muted=#59636e] - Secondary text (dark: #9198a1).
 * @cssproperty [--site-search-bg=#ffffff] - Background of inputs and panels (dark: #0d1117).
 * @cssproperty [--site-search-surface=#f6f8fa] - Code blocks, chips, hover (dark: #151b23).
 * @cssproperty [--site-search-border=#d1d9e0] - Borders (dark: #3d444d).
 * @cssproperty [--site-search-accent=#0969da] - Links, focus ring, buttons (dark: #4493f8).
 * @cssproperty [--site-search-accent-text=#ffffff] - Text on the accent colour (dark: #0d1117).
 * @cssproperty [--site-search-mark-bg=#fff8c5] - Highlight background (dark: #5c4813).
 * @cssproperty [--site-search-mark-text=#1f2328] - Highlight text (dark: #f0f6fc).
 * @cssproperty [--site-search-active-bg=#ddf4ff] - Active option (dark: #1a2f4a).
 * @cssproperty [--site-search-radius=8px] - Corner radius.
 * @cssproperty [--site-search-shadow=0 8px 24px rgb(0 0 0 / 0.16)] - Shadow of floating panels.
 * @cssproperty [--site-search-backdrop=rgb(0 0 0 / 0.4)] - Modal backdrop.
 * @cssproperty [--site-search-width=640px] - Width of the dropdown and modal.
 * @cssproperty [--site-search-z-index=2147483000] - Stacking of floating panels.
 *
 * @slot - None: the element renders everything itself, so it works from a bare script tag.
 */
export class SiteSearchElement extends SiteSearchAttributes {
  static override styles = siteSearchStyles;

  readonly #query = new QueryController(this, {
    onSuccess: (state) => {
      const count = state.response?.results.length ?? 0;
      this.announcement = count ? this.#t.resultCount(count) : this.#t.noResults(state.query);
    },
    onError: (error) => this.#reportError(error),
    onType: () => {
      this.#options.listbox.reset();
      this.#panel.show();
    },
  });
  readonly #panel = new PanelController(this, () => this.#options.listbox.reset());
  readonly #options = new OptionsController(this, {
    t: () => this.#t,
    query: this.#query,
    panel: this.#panel,
    ask: (q) => void this.ask(q),
  });
  readonly #dismiss = new DismissController(this, { active: () => this.mode === "inline" && this.open, close: () => this.close() });
  readonly #chat = new ChatController(this, {
    // The element's endpoint, site-id and group-id are the API target, read on each call.
    target: () => this,
    onAnswer: (turn, sessionId) => this.#answered(turn, sessionId),
    onError: (error) => this.#reportError(error),
    copiedLabel: () => this.#t.copied,
    showing: () => this.chatOpen,
  });

  constructor() {
    super();
    followPageScheme(this);
    new HotkeyController(this, { key: () => (this.hotkey === "none" ? "" : this.hotkey), onHotkey: () => this.#panel.onHotkey() });
  }

  get #t(): SearchTranslations {
    const lang = this.closest<HTMLElement>("[lang]")?.lang || document.documentElement.lang || navigator.language || "en";
    // The search response tells how chat answers before anyone asks; an answer tells it again.
    const mode = this.#chat.mode ?? this.#query.search.state.response?.answerMode;
    return resolveTranslations(lang, this.translations, mode);
  }

  // The widget never throws into the host page: a rendering bug becomes an error event, not an uncaught exception.
  protected override performUpdate(): void {
    try {
      super.performUpdate();
    } catch (cause) {
      this.#reportError(toWidgetError(cause));
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.#panel.updated(changed.has("open"), this.#options.activeId);
  }

  protected override render(): TemplateResult {
    const t = this.#t;
    const model: LayoutModel = {
      t,
      search: this.#searchModel(t),
      open: this.open,
      chat: this.#chatView(t),
      chatOpen: this.chatOpen && this.mode !== "bubble",
      resultCount: this.mode === "page" ? renderResultCount(this.#pagination(t)) : nothing,
      pagination: this.mode === "page" ? renderPagination(this.#pagination(t)) : nothing,
      chatInput: renderFollowUp({
        t,
        label: this.#chat.turns.length ? t.followUp : t.openChat,
        disabled: this.#chat.streaming,
        onSubmit: (q) => void this.ask(q),
      }),
      greeting: this.greeting || t.greeting,
      suggestions: parseSuggestions(this.suggestedQuestions),
      showSuggestions: !this.#chat.turns.length,
      chatOnly: !this.noChat,
      facets: this.mode === "page" ? renderFacets(t, this.#query.search.state.response?.facets, this.filters, this.#query.toggleFacet) : nothing,
      hotkeyHint: this.hotkey === "none" ? "" : `${/Mac|iP/.test(navigator.platform) ? "⌘" : "Ctrl "}${this.hotkey.toUpperCase()}`,
      onOpen: () => this.#panel.openPanel(),
      onClose: () => this.close(),
      onSuggestion: (q) => void this.ask(q),
      // The close event comes a task after dialog.close(): a hotkey pressed in between has opened the dialog again.
      onDialogClose: (event) => !(event.currentTarget as HTMLDialogElement).open && this.close(),
      onDialogClick: (event) => event.target === event.currentTarget && this.close(),
      onPanelKeyDown: (event) => event.key === "Escape" && this.close(),
    };
    const layout = { inline: inlineLayout, modal: modalLayout, bubble: bubbleLayout, page: pageLayout }[this.mode] ?? inlineLayout;
    return html`<div class="root" part="base" @focusout=${this.#dismiss.onFocusOut}>
      ${layout(model)}
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>
    </div>`;
  }

  #searchModel(t: SearchTranslations): SearchViewModel {
    const options = this.#options;
    const hasOptions = options.groups.length > 0;
    return {
      t,
      query: this.query,
      placeholder: this.placeholder || t.placeholder,
      // The conversation replaces the listbox; aria-controls must not point at a list that is not there.
      expanded: hasOptions && (this.open || this.mode === "page") && !(this.chatOpen && this.mode !== "bubble"),
      state: this.#query.search.state,
      groups: this.mode === "inline" && !this.open ? [] : options.groups,
      activeId: options.activeId,
      onInput: (event) => this.#query.set((event.target as HTMLInputElement).value),
      onKeyDown: options.listbox.onKeyDown,
      onFocus: () => this.#panel.show(),
      onClear: () => this.#query.set(""),
      onOption: (item, event) => options.choose(item, event),
      onHover: (item) => options.hover(item),
      onClearRecent: () => options.changeRecent((r) => r.clear()),
      onRetry: () => this.#query.search.search(this.query, { immediate: true }),
      recentEnabled: options.recent.enabled,
      onToggleRecent: (on) => options.changeRecent((r) => (r.enabled = on)),
      onToggleFavourite: (query) => options.changeRecent((r) => r.toggleFavourite(query)),
      didYouMean: renderDidYouMean(t, this.#query.search.state.response?.suggestion, (q) => this.#query.set(q)),
      completions: renderCompletions(t.completions, this.#query.search.state, this.#query.completions.query, this.#query.completions.completions, (q) =>
        this.#query.set(q),
      ),
    };
  }

  #pagination(t: SearchTranslations) {
    const onPage = (page: number) => {
      this.resultsPage = page;
      void this.updateComplete.then(() => this.scrollIntoView({ block: "start" }));
    };
    return { t, total: this.#query.search.state.response?.results.length ?? 0, page: this.resultsPage, onPage };
  }

  #chatView(t: SearchTranslations): TemplateResult | typeof nothing {
    if (!this.chatOpen && this.mode !== "bubble") return nothing;
    return this.#chat.view({
      t,
      inPanel: this.mode !== "bubble",
      asked: this.chatOpen,
      onBack: () => this.#panel.backToResults(),
      onSource: (url, event) => this.#options.select(url, -1, event),
      onAsk: (q) => void this.ask(q),
    });
  }

  /** Opens the chat with a question; loads the chat chunk on first use. Never rejects. */
  async ask(question: string): Promise<void> {
    if (this.noChat || !question.trim()) return;
    this.chatOpen = true;
    this.#panel.show();
    this.announcement = this.#t.answerLoading;
    await this.#chat.ask(question);
  }

  /** Closes the dropdown, modal or panel and returns focus to where it was before opening. */
  close(): void {
    this.#panel.close();
  }

  #answered(turn: ChatTurn, sessionId: string): void {
    this.announcement = this.#t.answerReady;
    this.dispatchEvent(new SiteSearchAnswerEvent(turn.question, turn.text, turn.sources, turn.answerId ?? "", sessionId));
  }

  #reportError(error: WidgetError): void {
    warnOwnerOnce(error);
    this.dispatchEvent(new SiteSearchErrorEvent(error.message, error.code, error.status));
  }
}

let ownerWarned = false;

/** A refused origin is the site owner's to fix, not the visitor's: the server's sentence goes to the console, once per page. */
function warnOwnerOnce(error: WidgetError): void {
  if (error.code !== "ORIGIN_NOT_ALLOWED" || ownerWarned) return;
  ownerWarned = true;
  console.warn(`<site-search>: ${error.message}`);
}
