// The combobox's options (Ask AI, results and sections, recent searches), rebuilt before each render, and what
// choosing one does: ask, search a recent query again, or select a result (select event, click beacon, close).
import type { ReactiveController } from "lit";
import { sendClick } from "../api-client.ts";
import { SiteSearchSelectEvent } from "../events.ts";
import { buildOptionGroups, flattenGroups, type OptionGroup, type OptionItem } from "../option-items.ts";
import { RecentSearches } from "../recent-searches.ts";
import { PAGE_SIZE, pageOf } from "../render/pagination-view.ts";
import type { SiteSearchAttributes } from "../site-search-attributes.ts";
import type { SearchTranslations } from "../translations.ts";
import { ListboxController } from "./listbox-controller.ts";
import type { PanelController } from "./panel-controller.ts";
import type { QueryController } from "./query-controller.ts";

export interface OptionsControllerOptions {
  t(): SearchTranslations;
  query: QueryController;
  panel: PanelController;
  ask(question: string): void;
}

export class OptionsController implements ReactiveController {
  groups: OptionGroup[] = [];
  readonly listbox: ListboxController;
  readonly #host: SiteSearchAttributes;
  readonly #options: OptionsControllerOptions;

  constructor(host: SiteSearchAttributes, options: OptionsControllerOptions) {
    this.#host = host;
    this.#options = options;
    this.listbox = new ListboxController(host, {
      count: () => flattenGroups(this.groups).length,
      activate: (index) => this.#activate(index),
      escape: () => this.#escape(),
      open: () => options.panel.show(),
      submit: () => options.query.search.search(host.query, { immediate: true }),
    });
    host.addController(this);
  }

  get recent(): RecentSearches {
    const host = this.#host;
    return new RecentSearches(host.groupId ? `group:${host.groupId}` : host.siteId);
  }

  get activeId(): string | undefined {
    return flattenGroups(this.groups)[this.listbox.activeIndex]?.id;
  }

  hostUpdate(): void {
    const host = this.#host;
    const t = this.#options.t();
    const recent = this.recent;
    this.groups = buildOptionGroups({
      query: host.query,
      results: pageOf(this.#options.query.search.state.response?.results ?? [], host.mode === "page" ? host.resultsPage : null),
      offset: host.mode === "page" ? host.resultsPage * PAGE_SIZE : 0,
      recent: recent.list(),
      favourites: recent.favourites(),
      favouritesLabel: t.favourites,
      chat: !host.noChat && Boolean(host.siteId) && host.mode !== "bubble",
      askLabel: t.askAiLabel,
      recentLabel: t.recentSearches,
    });
  }

  hover(item: OptionItem): void {
    this.listbox.setActive(flattenGroups(this.groups).indexOf(item));
  }

  changeRecent(change: (recent: RecentSearches) => void): void {
    change(this.recent);
    this.#host.requestUpdate();
  }

  choose(item: OptionItem, event?: MouseEvent): void {
    if (item.kind === "ask") this.#options.ask(item.query);
    else if (item.kind === "recent") {
      this.#options.query.set(item.query);
      this.#options.query.search.search(item.query, { immediate: true });
    } else this.select(item.url, item.position, event);
  }

  select(url: string, position: number, event?: MouseEvent): void {
    const host = this.#host;
    const select = new SiteSearchSelectEvent(url, host.query, position);
    host.dispatchEvent(select);
    this.recent.add(host.query);
    if (host.query.trim() && position >= 0) sendClick(host, { query: host.query.trim(), url, position });
    if (select.defaultPrevented) event?.preventDefault();
    // Ctrl/⌘/Shift-click opens a new tab or window: the visitor stays here, so the modal stays open.
    if (event && (event.ctrlKey || event.metaKey || event.shiftKey || event.button === 1)) return;
    // Closing re-renders without the link; a link removed before the click's default action no longer navigates.
    if (host.mode !== "page") setTimeout(() => this.#options.panel.close());
  }

  #activate(index: number): void {
    const item = flattenGroups(this.groups)[index];
    if (!item) return;
    if (item.kind === "result" || item.kind === "section") {
      // Clicking the real link keeps one path for mouse and keyboard, including the cancelable select event.
      this.#host.renderRoot.querySelector<HTMLAnchorElement>(`#${item.id}`)?.click();
    } else this.choose(item);
  }

  /**
   * Escape closes first: a modal or the bubble is a dialog, and dialogs close on Escape; inline is a combobox, whose
   * first Escape hides its list. The query stays for when it reopens; a second Escape (or one on the results page,
   * which has nothing to close) clears it.
   */
  #escape(): boolean {
    const host = this.#host;
    if (host.open && host.mode !== "page") {
      this.#options.panel.close();
      return true;
    }
    if (host.query) {
      this.#options.query.set("");
      return true;
    }
    return false;
  }
}
