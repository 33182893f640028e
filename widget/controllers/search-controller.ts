// Runs searches as the visitor types, at most one request at a time: instant answers while they type (coalesced at a
// pace that follows their typing), the full ranking once they pause or submit; answers cached for backspacing.
import type { ReactiveController, ReactiveControllerHost } from "lit";
import type { SearchResponse, SearchSpeed } from "../../shared/search.ts";
import { isAbort, toWidgetError, type WidgetError } from "../widget-error.ts";
import { TypingPace } from "./typing-pace.ts";

export type SearchStatus = "idle" | "loading" | "success" | "error";

export interface SearchState {
  status: SearchStatus;
  query: string;
  /** The latest answer shown; while the next is on its way it stays (possibly for an earlier query). */
  response?: SearchResponse;
  error?: WidgetError;
}

/** The longest Retry-After honoured silently; a longer refusal is shown. */
const RETRY_AFTER_MAX_S = 10;

export interface SearchControllerOptions {
  fetchResults(query: string, signal: AbortSignal, speed: SearchSpeed): Promise<SearchResponse>;
  /** Cache key for a query; include anything else the request depends on (filters). */
  cacheKey?(query: string): string;
  onSuccess?(state: SearchState): void;
  onError?(error: WidgetError): void;
  /** A fixed pause after the last keystroke before searching (ms); unset, the pause follows the visitor's typing. */
  debounceMs?: number | (() => number | undefined);
  cacheSize?: number;
  /** Time source of the typing pace (tests). */
  now?: () => number;
}

interface Job {
  query: string;
  speed: SearchSpeed;
  retried?: boolean;
}

export class SearchController implements ReactiveController {
  state: SearchState = { status: "idle", query: "" };
  readonly #host: ReactiveControllerHost;
  readonly #options: SearchControllerOptions;
  readonly #cache = new Map<string, SearchResponse>();
  readonly #pace: TypingPace;
  #instantTimer: ReturnType<typeof setTimeout> | undefined;
  #fullTimer: ReturnType<typeof setTimeout> | undefined;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the first key not yet searched was typed: the instant search waits no longer than maxWait after it. */
  #burstStart: number | undefined;
  #inflight: { abort: AbortController; job: Job } | undefined;
  /** The one request waiting for the one in flight; a newer one replaces it. */
  #queued: Job | undefined;
  // Increments on every reset; an answer from before a reset is dropped.
  #generation = 0;

  constructor(host: ReactiveControllerHost, options: SearchControllerOptions) {
    this.#host = host;
    this.#options = options;
    this.#pace = new TypingPace(options.now);
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** The visitor typed: an instant search soon, the full one when they pause. `immediate` (a pick, a facet, Enter) asks the full one now. */
  search(query: string, { immediate = false } = {}): void {
    const trimmed = query.trim();
    this.#clearTimers();
    if (!trimmed) {
      this.cancel();
      this.#set({ status: "idle", query: "" });
      return;
    }
    if (!immediate) this.#pace.keystroke();
    const full = this.#cached(trimmed, "full");
    if (full) {
      // A cached answer is shown without waiting: it is what makes backspacing feel instant.
      this.#dropPending();
      this.#succeed(trimmed, full);
      return;
    }
    const instant = this.#cached(trimmed, "instant");
    if (instant) this.#succeed(trimmed, instant);
    else if (this.state.status !== "loading" || this.state.query !== trimmed) this.#set({ ...this.state, status: "loading", query: trimmed, error: undefined });
    if (immediate) {
      this.#inflight?.abort.abort();
      this.#inflight = undefined;
      this.#request({ query: trimmed, speed: "full" });
      return;
    }
    if (!instant) this.#scheduleInstant();
    this.#fullTimer = setTimeout(() => this.#request({ query: this.state.query, speed: "full" }), this.#pace.pauseMs());
  }

  cancel(): void {
    this.#clearTimers();
    this.#dropPending();
    this.#generation++;
  }

  clearCache(): void {
    this.#cache.clear();
  }

  #scheduleInstant(): void {
    const now = this.#now();
    this.#burstStart ??= now;
    const fixed = this.#fixedDebounce();
    const wait = fixed ?? Math.min(this.#pace.debounceMs(), Math.max(0, this.#burstStart + this.#pace.maxWaitMs() - now));
    this.#instantTimer = setTimeout(() => this.#request({ query: this.state.query, speed: "instant" }), wait);
  }

  #fixedDebounce(): number | undefined {
    const option = this.#options.debounceMs;
    const ms = typeof option === "function" ? option() : option;
    return ms !== undefined && Number.isFinite(ms) && ms >= 0 ? ms : undefined;
  }

  /** Sends now, or queues behind the request in flight (at most one waits: the newest, a full one before an instant one of the same query). */
  #request(job: Job): void {
    if (job.query === "" || this.#cached(job.query, "full") || (job.speed === "instant" && this.#cached(job.query, "instant"))) return;
    this.#burstStart = undefined;
    if (this.#inflight || this.#retryTimer) {
      const inflight = this.#inflight?.job;
      if (inflight?.query === job.query && (inflight.speed === job.speed || job.speed === "instant")) return;
      if (!(this.#queued?.query === job.query && this.#queued.speed === "full")) this.#queued = job;
      return;
    }
    void this.#run(job);
  }

  async #run(job: Job): Promise<void> {
    const abort = new AbortController();
    this.#inflight = { abort, job };
    const generation = this.#generation;
    try {
      const response = await this.#options.fetchResults(job.query, abort.signal, job.speed);
      if (generation !== this.#generation || abort.signal.aborted) return;
      this.#remember(job, response);
      // An answer to an earlier query is still the freshest there is: it replaces the older one on screen.
      if (job.query === this.state.query) this.#succeed(job.query, response);
      else this.#set({ ...this.state, response });
    } catch (cause) {
      if (isAbort(cause) || abort.signal.aborted || generation !== this.#generation) return;
      this.#failed(job, toWidgetError(cause));
    } finally {
      if (this.#inflight?.abort === abort) this.#inflight = undefined;
      if (generation === this.#generation) this.#next();
    }
  }

  #next(): void {
    if (this.#inflight || this.#retryTimer) return;
    const queued = this.#queued;
    this.#queued = undefined;
    if (queued) this.#request(queued);
  }

  /** A refusal for too many requests is waited out once, silently, for the query typed by then; the rest is shown. */
  #failed(job: Job, error: WidgetError): void {
    if (error.status === 429 && !job.retried && (error.retryAfter ?? 1) <= RETRY_AFTER_MAX_S) {
      this.#retryTimer = setTimeout(
        () => {
          this.#retryTimer = undefined;
          const latest = this.#queued ?? job;
          this.#queued = undefined;
          this.#request({ ...latest, query: this.state.query, retried: true });
        },
        (error.retryAfter ?? 1) * 1000,
      );
      return;
    }
    if (job.query !== this.state.query) return;
    this.#set({ status: "error", query: job.query, error, response: undefined });
    this.#options.onError?.(error);
  }

  #succeed(query: string, response: SearchResponse): void {
    // A full answer that finds nothing for an unfinished word ("rever") does not take away the pages its instant answer
    // found by the word's beginning: those stay, no longer marked as about to change.
    const shown = this.state.response;
    if (
      response.speed !== "instant" &&
      response.results.length === 0 &&
      shown?.speed === "instant" &&
      shown.query === response.query &&
      shown.results.length > 0
    )
      response = { ...shown, speed: response.speed ?? "full" };
    this.#set({ status: "success", query, response });
    this.#options.onSuccess?.(this.state);
  }

  #cached(query: string, speed: SearchSpeed): SearchResponse | undefined {
    const key = this.#key(query, speed);
    const hit = this.#cache.get(key);
    if (hit) {
      // Most recently used last, so the oldest is the one dropped.
      this.#cache.delete(key);
      this.#cache.set(key, hit);
    }
    return hit;
  }

  #remember(job: Job, response: SearchResponse): void {
    const key = this.#key(job.query, job.speed);
    this.#cache.delete(key);
    this.#cache.set(key, response);
    const size = this.#options.cacheSize ?? 40;
    while (this.#cache.size > size) this.#cache.delete(this.#cache.keys().next().value as string);
  }

  #key(query: string, speed: SearchSpeed): string {
    return `${speed}\u0000${this.#options.cacheKey?.(query) ?? query}`;
  }

  #clearTimers(): void {
    clearTimeout(this.#instantTimer);
    clearTimeout(this.#fullTimer);
  }

  #dropPending(): void {
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    this.#queued = undefined;
    this.#burstStart = undefined;
    this.#inflight?.abort.abort();
    this.#inflight = undefined;
  }

  #now(): number {
    return (this.#options.now ?? (() => performance.now()))();
  }

  #set(state: SearchState): void {
    this.state = state;
    this.#host.requestUpdate();
  }
}
