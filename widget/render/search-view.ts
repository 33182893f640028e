// Templates of the search half: the combobox input and the results body (status line, grouped listbox, recent footer).
import { html, nothing, type TemplateResult } from "lit";
import { ifDefined } from "lit/directives/if-defined.js";
import type { SearchState } from "../controllers/search-controller.ts";
import type { OptionGroup, OptionItem } from "../option-items.ts";
import type { SearchResult } from "../../shared/search.ts";
import type { SearchTranslations } from "../translations.ts";
import { highlightedText } from "./highlighted-text.ts";
import { closeIcon, historyIcon, sparkIcon, starIcon } from "./icons.ts";
import { fragmentPassage, withTextFragment } from "../text-fragment.ts";

export interface SearchViewModel {
  t: SearchTranslations;
  query: string;
  placeholder: string;
  expanded: boolean;
  state: SearchState;
  groups: OptionGroup[];
  activeId: string | undefined;
  onInput(event: InputEvent): void;
  onKeyDown(event: KeyboardEvent): void;
  onFocus(): void;
  onClear(): void;
  onOption(item: OptionItem, event: MouseEvent): void;
  onHover(item: OptionItem): void;
  onClearRecent(): void;
  onRetry(): void;
  /** Whether recent searches are remembered; the switch shows with an empty query. */
  recentEnabled: boolean;
  onToggleRecent(on: boolean): void;
  onToggleFavourite(query: string): void;
  /** "Did you mean …", when the server corrected a typo (render/did-you-mean.ts). */
  didYouMean?: TemplateResult | typeof nothing;
  /** Completions while the results are on their way (render/completions-view.ts). */
  completions?: TemplateResult | typeof nothing;
}

export function renderCombobox(m: SearchViewModel): TemplateResult {
  return html`<div class="field" part="field">
    <input
      id="input"
      part="input"
      type="text"
      role="combobox"
      autocomplete="off"
      autocapitalize="off"
      spellcheck="false"
      enterkeyhint="search"
      aria-label=${m.t.searchLabel}
      aria-autocomplete="list"
      aria-expanded=${m.expanded ? "true" : "false"}
      aria-controls=${ifDefined(m.expanded ? "listbox" : undefined)}
      aria-activedescendant=${ifDefined(m.expanded ? m.activeId : undefined)}
      placeholder=${m.placeholder}
      .value=${m.query}
      @input=${m.onInput}
      @keydown=${m.onKeyDown}
      @focus=${m.onFocus}
    />
    ${m.query ? html`<button type="button" class="icon-button" part="clear-button" aria-label=${m.t.clear} @click=${m.onClear}>${closeIcon()}</button>` : nothing}
  </div>`;
}

function statusLine(m: SearchViewModel): TemplateResult | typeof nothing {
  const { state, t } = m;
  if (state.status === "loading" && !state.response) return html`<div class="status" part="status" data-kind="loading">${t.loading}</div>`;
  if (state.status === "error" && state.error) {
    const message = state.error.code === "OFFLINE" ? t.offline : state.error.code === "RATE_LIMITED" ? t.rateLimited(state.error.retryAfter ?? 60) : t.error;
    return html`<div class="status" part="status error" data-kind="error">
      ${message} <button type="button" class="text-button" part="retry-button" @click=${m.onRetry}>${t.retry}</button>
    </div>`;
  }
  if (state.status === "success" && state.response?.results.length === 0) {
    return html`<div class="status" part="status empty" data-kind="empty">${t.noResults(state.query)}</div>`;
  }
  return nothing;
}

// The server empties a section snippet that repeats its page's; an empty line would only add height.
const snippet = (text: string, highlights: SearchResult["highlights"]) =>
  text ? html`<span class="option-snippet" part="option-snippet">${highlightedText(text, highlights)}</span>` : nothing;

/** The link lands on the matched passage: a text fragment, with the section anchor before it as the fallback. */
function optionHref(item: OptionItem & { url: string }): string {
  const { snippet: text, highlights } = item.kind === "result" ? item.result : (item as OptionItem & { kind: "section" }).section;
  return withTextFragment(item.url, fragmentPassage(text, highlights));
}

function optionContent(item: OptionItem, t: SearchTranslations): TemplateResult {
  switch (item.kind) {
    case "ask":
      return html`<span class="option-title" part="option-title">${sparkIcon()} ${t.askAi(item.query)}</span>`;
    case "recent":
      return html`<span class="option-title" part="option-title">${item.favourite ? starIcon(true) : historyIcon()} ${item.query}</span>`;
    case "result":
      return html`<span class="option-title" part="option-title">${item.result.title}</span>${snippet(item.result.snippet, item.result.highlights)}`;
    case "section":
      return html`<span class="heading-path" part="section-path">${item.section.headingPath.join(" › ") || item.section.heading}</span>${snippet(item.section.snippet, item.section.highlights)}`;
  }
}

function renderOption(m: SearchViewModel, item: OptionItem): TemplateResult {
  const active = item.id === m.activeId;
  const part = `option${item.kind === "section" ? " section" : ""}${item.kind === "ask" ? " ask-ai" : ""}${active ? " option-active" : ""}`;
  const cls = `option${item.kind === "section" ? " section" : ""}`;
  // Results are real links (middle-click, open in new tab); tabindex -1 keeps focus in the combobox as APG asks.
  if (item.kind === "result" || item.kind === "section") {
    return html`<a id=${item.id} class=${cls} part=${part} role="option" tabindex="-1" aria-selected=${active ? "true" : "false"}
      href=${optionHref(item)} @click=${(event: MouseEvent) => m.onOption(item, event)} @mousemove=${() => m.onHover(item)}>${optionContent(item, m.t)}</a>`;
  }
  const option = html`<div id=${item.id} class=${cls} part=${part} role="option" aria-selected=${active ? "true" : "false"}
    @click=${(event: MouseEvent) => m.onOption(item, event)} @mousemove=${() => m.onHover(item)}>${optionContent(item, m.t)}</div>`;
  if (item.kind !== "recent") return option;
  // The star sits beside the option, not inside it: an option's content is presentational to assistive technology.
  const label = item.favourite ? m.t.removeFavourite(item.query) : m.t.addFavourite(item.query);
  return html`<div class="option-row">${option}<button type="button" class="icon-button" part="favourite-button" aria-label=${label}
    aria-pressed=${item.favourite ? "true" : "false"} @click=${() => m.onToggleFavourite(item.query)}>${starIcon(item.favourite)}</button></div>`;
}

/** The results shown are about to be replaced: a request is on its way, or they are the instant answer to typing. */
function busy(state: SearchState): boolean {
  return state.status === "loading" || state.response?.speed === "instant";
}

export function renderResultsBody(m: SearchViewModel): TemplateResult {
  const hasOptions = m.groups.some((group) => group.items.length > 0);
  const recent = m.groups.some((group) => group.items.some((item) => item.kind === "recent" && !item.favourite));
  return html`${m.didYouMean ?? nothing}${statusLine(m)}${m.completions ?? nothing}
    ${
      hasOptions
        ? html`<div id="listbox" class="listbox" part="listbox" role="listbox" aria-label=${m.t.results} aria-busy=${busy(m.state) ? "true" : "false"}>
          ${m.groups.map(
            // Only recent searches get a visible heading: a result group's label would repeat its first option's title.
            (group) => html`<div role="group" part="group" aria-label=${group.label}>
              ${group.items[0]?.kind === "recent" ? html`<div class="group-label" part="group-label" aria-hidden="true">${group.label}</div>` : nothing}
              ${group.items.map((item) => renderOption(m, item))}
            </div>`,
          )}
        </div>`
        : nothing
    }
    ${
      m.query.trim()
        ? nothing
        : html`<div class="footer recent-footer">
          <label class="switch" part="recent-switch"><input type="checkbox" .checked=${m.recentEnabled}
            @change=${(event: Event) => m.onToggleRecent((event.target as HTMLInputElement).checked)} />${m.t.rememberSearches}</label>
          ${recent ? html`<button type="button" class="text-button" part="clear-recent" @click=${m.onClearRecent}>${m.t.clearRecent}</button>` : nothing}
        </div>`
    }`;
}
