// Completions of what the visitor is typing, as they come with the instant search answers (one request per pause
// serves both). A nicety: an answer without them (full search, group search) keeps the last list for its query.
import type { ReactiveController, ReactiveControllerHost } from "lit";
import type { Completion } from "../../shared/suggest.ts";
import type { SearchResponse } from "../../shared/search.ts";

export class CompletionController implements ReactiveController {
  completions: Completion[] = [];
  /** The query the completions answer, so a stale list is never shown for a newer query. */
  query = "";
  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {}

  /** Takes the completions an answer carries for its query. */
  take(query: string, response: SearchResponse | undefined): void {
    if (!response?.completions) {
      if (query !== this.query) this.#set(query, []);
      return;
    }
    this.#set(query, response.completions);
  }

  #set(query: string, completions: Completion[]): void {
    this.query = query;
    this.completions = completions;
    this.#host.requestUpdate();
  }
}
