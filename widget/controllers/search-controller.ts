// Runs searches as the visitor types: debounced, one AbortController per request, stale answers dropped, recent queries cached.
import type { ReactiveController, ReactiveControllerHost } from "lit";
import type { SearchResponse } from "../../shared/search.ts";
import { isAbort, toWidgetError, type WidgetError } from "../widget-error.ts";

export type SearchStatus = "idle" | "loading" | "success" | "error";

export interface SearchState {
  status: SearchStatus;
  query: string;
  response?: SearchResponse;
  error?: WidgetError;
}

/** Short enough to keep keystroke-to-results under 100 ms, long enough to skip most keys of a fast typist's word. */
export const DEFAULT_DEBOUNCE_MS = 25;

export interface SearchControllerOptions {
  fetchResults(query: string, signal: AbortSignal): Promise<SearchResponse>;
  /** Cache key for a query; include anything else the request depends on (filters). */
  cacheKey?(query: string): string;
  onSuccess?(state: SearchState): void;
  onError?(error: WidgetError): void;
  /** Pause after the last keystroke before searching (ms); a function is read at each keystroke. */
  debounceMs?: number | (() => number | undefined);
  cacheSize?: number;
}

export class SearchController implements ReactiveController {
  state: SearchState = { status: "idle", query: "" };
  readonly #host: ReactiveControllerHost;
  readonly #options: SearchControllerOptions;
  readonly #cache = new Map<string, SearchResponse>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #inflight: AbortController | undefined;
  // Increments per request; a response only lands if its number is still the latest (drops stale answers).
  #sequence = 0;

  constructor(host: ReactiveControllerHost, options: SearchControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** Schedules a search; an empty query resets to idle at once. */
  search(query: string, { immediate = false } = {}): void {
    const trimmed = query.trim();
    clearTimeout(this.#timer);
    if (!trimmed) {
      this.cancel();
      this.#set({ status: "idle", query: "" });
      return;
    }
    const cached = this.#cache.get(this.#key(trimmed));
    if (cached) {
      // A cached answer is shown without waiting: it is what makes backspacing feel instant.
      this.cancel();
      this.#cache.delete(this.#key(trimmed));
      this.#cache.set(this.#key(trimmed), cached);
      this.#succeed(trimmed, cached);
      return;
    }
    if (this.state.status !== "loading" || this.state.query !== trimmed) {
      this.#set({ ...this.state, status: "loading", query: trimmed, error: undefined });
    }
    if (immediate) void this.#run(trimmed);
    else this.#timer = setTimeout(() => void this.#run(trimmed), this.#debounceMs());
  }

  #debounceMs(): number {
    const option = this.#options.debounceMs;
    const ms = typeof option === "function" ? option() : option;
    return ms !== undefined && Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_DEBOUNCE_MS;
  }

  cancel(): void {
    clearTimeout(this.#timer);
    this.#inflight?.abort();
    this.#inflight = undefined;
    this.#sequence++;
  }

  clearCache(): void {
    this.#cache.clear();
  }

  async #run(query: string): Promise<void> {
    this.#inflight?.abort();
    const abort = new AbortController();
    this.#inflight = abort;
    const sequence = ++this.#sequence;
    try {
      const response = await this.#options.fetchResults(query, abort.signal);
      if (sequence !== this.#sequence) return;
      this.#remember(query, response);
      this.#succeed(query, response);
    } catch (cause) {
      if (isAbort(cause) || sequence !== this.#sequence) return;
      const error = toWidgetError(cause);
      this.#set({ status: "error", query, error, response: undefined });
      this.#options.onError?.(error);
    } finally {
      if (this.#inflight === abort) this.#inflight = undefined;
    }
  }

  #succeed(query: string, response: SearchResponse): void {
    this.#set({ status: "success", query, response });
    this.#options.onSuccess?.(this.state);
  }

  #remember(query: string, response: SearchResponse): void {
    const key = this.#key(query);
    this.#cache.delete(key);
    this.#cache.set(key, response);
    const size = this.#options.cacheSize ?? 20;
    while (this.#cache.size > size) this.#cache.delete(this.#cache.keys().next().value as string);
  }

  #key(query: string): string {
    return this.#options.cacheKey?.(query) ?? query;
  }

  #set(state: SearchState): void {
    this.state = state;
    this.#host.requestUpdate();
  }
}
