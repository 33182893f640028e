// Typed events the element fires; all bubble and cross shadow roots so a page listens on document.
import type { ChatSource } from "../shared/chat.ts";

const eventInit = { bubbles: true, composed: true } as const;

/** A visitor chose a result or section. Cancelable: call preventDefault() to route it yourself (SPA routers). */
export class SiteSearchSelectEvent extends Event {
  static readonly eventName = "site-search-select";
  constructor(
    readonly url: string,
    readonly query: string,
    readonly position: number,
  ) {
    super(SiteSearchSelectEvent.eventName, { ...eventInit, cancelable: true });
  }
}

/** An AI answer finished streaming (or arrived as JSON). */
export class SiteSearchAnswerEvent extends Event {
  static readonly eventName = "site-search-answer";
  constructor(
    readonly question: string,
    readonly answer: string,
    readonly sources: ChatSource[],
    readonly answerId: string,
    readonly sessionId: string,
  ) {
    super(SiteSearchAnswerEvent.eventName, eventInit);
  }
}

/** Search or chat failed; the element already shows an error state, this is for logging. */
export class SiteSearchErrorEvent extends Event {
  static readonly eventName = "site-search-error";
  constructor(
    readonly message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(SiteSearchErrorEvent.eventName, eventInit);
  }
}

declare global {
  interface HTMLElementEventMap {
    "site-search-select": SiteSearchSelectEvent;
    "site-search-answer": SiteSearchAnswerEvent;
    "site-search-error": SiteSearchErrorEvent;
  }
}
