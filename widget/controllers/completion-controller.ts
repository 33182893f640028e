// Completions of what the visitor is typing (GET …/suggest), fetched at once on each keystroke so they can show
// before the debounced search answers. A nicety: failures and group search (no suggest endpoint) just show none.
import type { ReactiveController, ReactiveControllerHost } from "lit";
import type { Completion, SuggestResponse } from "../../shared/suggest.ts";
import { siteUrl, type ApiTarget } from "../api-client.ts";

export class CompletionController implements ReactiveController {
  completions: Completion[] = [];
  /** The query the completions answer, so a stale list is never shown for a newer query. */
  query = "";
  readonly #host: ReactiveControllerHost;
  readonly #target: () => ApiTarget;
  readonly #cache = new Map<string, Completion[]>();
  #inflight: AbortController | undefined;

  constructor(host: ReactiveControllerHost, target: () => ApiTarget) {
    this.#host = host;
    this.#target = target;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.#inflight?.abort();
  }

  request(query: string): void {
    const q = query.trim();
    this.#inflight?.abort();
    const target = this.#target();
    if (q.length < 2 || !target.siteId || target.groupId) {
      this.#set(q, []);
      return;
    }
    const cached = this.#cache.get(q.toLowerCase());
    if (cached) {
      this.#set(q, cached);
      return;
    }
    const inflight = (this.#inflight = new AbortController());
    const url = new URL(`${siteUrl(target, "suggest")}?${new URLSearchParams({ q })}`, document.baseURI).href;
    fetch(url, { signal: inflight.signal, headers: { accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<SuggestResponse>) : { query: q, completions: [] }))
      .then((body) => {
        this.#cache.set(q.toLowerCase(), body.completions);
        if (this.#inflight === inflight) this.#set(q, body.completions);
      })
      .catch(() => {});
  }

  #set(query: string, completions: Completion[]): void {
    this.query = query;
    this.completions = completions;
    this.#host.requestUpdate();
  }
}
