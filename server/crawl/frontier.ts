// The set of addresses one crawl still has to fetch, in breadth-first order, plus the pure admission rule
// (normalise, dedupe, depth, scope, robots) that a database-backed crawl can reuse as is.
import type { CrawlScope, ScopeReason } from "./crawl-scope.ts";
import { normaliseUrl } from "../ingest/index.ts";

export type SkipReason = ScopeReason | "duplicate" | "too-deep" | "robots-disallowed" | "limit-reached";

export type Admission = { admit: true; normalised: string } | { admit: false; reason: SkipReason; normalised: string | null };

export interface AdmitInput {
  url: string;
  /** The page the link was found on, for relative links. */
  base?: string;
  depth: number;
  seen: { has(url: string): boolean };
  maxDepth: number;
  scope: CrawlScope;
  robots?: { isAllowed(url: string): boolean };
  /**
   * Start addresses (the base URL, sitemap entries) skip the include patterns: the home page must be read for its
   * links even when only /blog/** is wanted. The crawler still checks scope.inScope before indexing such a page.
   */
  seed?: boolean;
}

/** Decides whether a discovered address joins the crawl. Cheap checks first; robots last. */
export function admitUrl(input: AdmitInput): Admission {
  const normalised = normaliseUrl(input.url, input.base);
  if (normalised === null) return { admit: false, reason: "invalid-url", normalised };
  if (input.seen.has(normalised)) return { admit: false, reason: "duplicate", normalised };
  if (input.depth > input.maxDepth) return { admit: false, reason: "too-deep", normalised };
  const outOfScope = input.scope.reason(normalised);
  if (outOfScope !== null && !(input.seed && outOfScope === "not-included")) return { admit: false, reason: outOfScope, normalised };
  if (input.robots && !input.robots.isAllowed(normalised)) return { admit: false, reason: "robots-disallowed", normalised };
  return { admit: true, normalised };
}

export interface FrontierOptions {
  scope: CrawlScope;
  maxDepth: number;
  /** Fetches allowed (crawlerConfig.maxPages); next() returns undefined after that many. */
  maxPages: number;
  /** Addresses admitted at most, to bound memory; default five times maxPages, so failed fetches leave room. */
  maxDiscovered?: number;
  robots?: { isAllowed(url: string): boolean };
}

export interface FrontierEntry {
  url: string;
  depth: number;
}

export class CrawlFrontier {
  private readonly seen = new Set<string>();
  private readonly queue: FrontierEntry[] = [];
  private head = 0;
  private fetchedCount = 0;
  private readonly maxDiscovered: number;

  constructor(private readonly options: FrontierOptions) {
    this.maxDiscovered = options.maxDiscovered ?? options.maxPages * 5;
  }

  /** Adds a start address at depth 0 (include patterns do not apply, see AdmitInput.seed). */
  seed(url: string): Admission {
    return this.add(url, 0, undefined, true);
  }

  /** Adds a link found on a page at `depth` (the page's depth + 1), resolved against `base`. */
  add(url: string, depth: number, base?: string, seed = false): Admission {
    const admission = admitUrl({
      url,
      base,
      depth,
      seen: this.seen,
      maxDepth: this.options.maxDepth,
      scope: this.options.scope,
      robots: this.options.robots,
      seed,
    });
    if (!admission.admit) return admission;
    if (this.seen.size >= this.maxDiscovered) return { admit: false, reason: "limit-reached", normalised: admission.normalised };
    this.seen.add(admission.normalised);
    this.queue.push({ url: admission.normalised, depth });
    return admission;
  }

  /**
   * Records an address reached another way (the final URL of a redirect), so it is not fetched again.
   * Returns false when it was already known: the page was or will be fetched under that address.
   */
  claim(url: string): boolean {
    const normalised = normaliseUrl(url);
    if (normalised === null || this.seen.has(normalised)) return false;
    this.seen.add(normalised);
    return true;
  }

  /** The next address to fetch, oldest first (breadth-first), counted as fetched; undefined when done or at maxPages. */
  next(): FrontierEntry | undefined {
    if (this.fetchedCount >= this.options.maxPages || this.head >= this.queue.length) return undefined;
    const entry = this.queue[this.head]!;
    // Drop consumed entries now and then so a long crawl does not keep every address twice.
    if (++this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    this.fetchedCount++;
    return entry;
  }

  /** Addresses admitted so far (pagesDiscovered). */
  get discovered(): number {
    return this.seen.size;
  }

  get fetched(): number {
    return this.fetchedCount;
  }

  /** Addresses admitted but not yet handed out. */
  get pending(): number {
    return this.queue.length - this.head;
  }
}
