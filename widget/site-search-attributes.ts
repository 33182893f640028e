// The public attribute and property surface of <site-search>, with defaults; the element class adds behaviour.
import { LitElement } from "lit";
import type { SearchTranslations } from "./translations.ts";

export type SiteSearchMode = "inline" | "modal" | "bubble" | "page";

export class SiteSearchAttributes extends LitElement {
  static override properties = {
    siteId: { attribute: "site-id" },
    groupId: { attribute: "group-id" },
    endpoint: {},
    mode: { reflect: true },
    placeholder: {},
    limit: { type: Number },
    minScore: { attribute: "min-score", type: Number },
    debounce: { type: Number },
    noChat: { attribute: "no-chat", type: Boolean },
    hotkey: {},
    theme: { reflect: true },
    greeting: {},
    suggestedQuestions: { attribute: "suggested-questions" },
    translations: { attribute: false },
    query: { state: true },
    open: { state: true },
    chatOpen: { state: true },
    filters: { state: true },
    announcement: { state: true },
    resultsPage: { state: true },
  };

  declare siteId: string;
  declare groupId: string;
  /** Base URL of the service; empty means same origin. */
  declare endpoint: string;
  declare mode: SiteSearchMode;
  declare placeholder: string;
  declare limit: number | undefined;
  declare minScore: number | undefined;
  /** Milliseconds of typing pause before a search is sent; unset uses the controller's default. */
  declare debounce: number | undefined;
  declare noChat: boolean;
  /** Letter used with Ctrl/⌘; "none" turns all shortcuts (also "/") off. */
  declare hotkey: string;
  /** light or dark; unset (or auto) follows the host page's colour scheme, then prefers-color-scheme. */
  declare theme: string | undefined;
  declare greeting: string;
  declare suggestedQuestions: string;
  /** Overrides for any visible string (see SearchTranslations). */
  declare translations: Partial<SearchTranslations>;
  declare query: string;
  declare open: boolean;
  declare chatOpen: boolean;
  declare filters: Record<string, string[]>;
  declare announcement: string;
  /** Zero-based page of the results page mode. */
  declare resultsPage: number;

  constructor() {
    super();
    // Declared fields with constructor defaults: class-field initialisers would shadow Lit's reactive accessors.
    this.siteId = "";
    this.groupId = "";
    this.endpoint = "";
    this.mode = "inline";
    this.placeholder = "";
    this.noChat = false;
    this.hotkey = "k";
    this.greeting = "";
    this.suggestedQuestions = "";
    this.translations = {};
    this.query = "";
    this.open = false;
    this.chatOpen = false;
    this.filters = {};
    this.announcement = "";
    this.resultsPage = 0;
  }
}
