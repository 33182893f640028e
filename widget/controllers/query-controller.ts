// The query's lifecycle: typing resets the results page and searches (instant while typing, full on a pause), the
// instant answers bringing the completions; facets search again at once; the results page mode reads its query from
// the page URL and writes it back.
import type { ReactiveController } from "lit";
import { fetchSearch } from "../api-client.ts";
import { readPageQuery, writePageQuery } from "../page-query.ts";
import type { SiteSearchAttributes } from "../site-search-attributes.ts";
import type { WidgetError } from "../widget-error.ts";
import { CompletionController } from "./completion-controller.ts";
import { SearchController, type SearchState } from "./search-controller.ts";

export interface QueryControllerOptions {
  onSuccess(state: SearchState): void;
  onError(error: WidgetError): void;
  /** Typing leaves the active option and shows the results. */
  onType(): void;
}

export class QueryController implements ReactiveController {
  readonly completions: CompletionController;
  readonly search: SearchController;
  readonly #host: SiteSearchAttributes;
  readonly #onType: () => void;

  constructor(host: SiteSearchAttributes, { onSuccess, onError, onType }: QueryControllerOptions) {
    this.#host = host;
    this.#onType = onType;
    const completions = (this.completions = new CompletionController(host));
    this.search = new SearchController(host, {
      // The results page asks for more at once and shows them a page at a time: the API has no offset.
      fetchResults: (query, signal, speed) =>
        fetchSearch(
          host,
          query,
          { limit: host.limit ?? (host.mode === "page" ? 50 : undefined), minScore: host.minScore, filters: host.filters, speed },
          signal,
        ),
      cacheKey: (query) => `${query}\u0000${JSON.stringify(host.filters)}`,
      debounceMs: () => host.debounce,
      onSuccess: (state) => {
        completions.take(state.query, state.response);
        onSuccess(state);
      },
      onError,
    });
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#host.mode !== "page") return;
    const q = readPageQuery();
    if (q) {
      this.#host.query = q;
      this.search.search(q, { immediate: true });
    }
  }

  /** The visitor typed (or picked) a query. */
  set(value: string): void {
    const host = this.#host;
    host.query = value;
    host.resultsPage = 0;
    host.chatOpen = false;
    this.#onType();
    this.search.search(value);
    if (host.mode === "page") writePageQuery(value);
  }

  readonly toggleFacet = (field: string, value: string, on: boolean): void => {
    const host = this.#host;
    const current = (host.filters[field] ?? []).filter((v) => v !== value);
    host.filters = { ...host.filters, [field]: on ? [...current, value] : current };
    host.resultsPage = 0;
    this.search.search(host.query, { immediate: true });
  };
}
