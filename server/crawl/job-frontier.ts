// One crawl job's frontier kept in the database (crawl_urls), so a crawl resumes where it stopped after a restart.
// Admission is the pure admitUrl rule; breadth-first order is the insertion order (seq).
import type { CrawlJobStore } from "../ports/crawl-job-store.ts";
import type { CrawlScope } from "./crawl-scope.ts";
import { admitUrl } from "./frontier.ts";
import { normaliseUrl } from "../ingest/index.ts";

export interface FrontierEntry {
  url: string;
  depth: number;
}

export interface JobFrontierOptions {
  jobId: string;
  scope: CrawlScope;
  maxDepth: number;
  /** Addresses taken from the frontier at most (crawlerConfig.maxPages), whatever their outcome. */
  maxPages: number;
  robots: { isAllowed(url: string): boolean };
  /** Told how many new addresses joined (pagesDiscovered). */
  onDiscovered(count: number): void;
}

/** Links kept per crawl at most, in multiples of maxPages: bounds the table when a site links far more than it may crawl. */
const DISCOVERY_FACTOR = 10;

export class JobFrontier {
  /** Addresses this process knows are in the table; the primary key is the real dedupe across restarts. */
  private readonly known = new Set<string>();
  /** Handed out in this process; a queued row stays queued until its outcome is recorded. */
  private readonly started = new Set<string>();
  private readonly inFlight = new Set<string>();
  private buffer: FrontierEntry[] = [];
  private taken = 0;
  private total = 0;

  constructor(
    private readonly jobs: CrawlJobStore,
    private readonly options: JobFrontierOptions,
  ) {}

  /** Reads what an earlier attempt of this job already did, so the page budget carries over. */
  async resume(): Promise<void> {
    const { total, finished } = await this.jobs.countUrls(this.options.jobId);
    this.taken = finished;
    this.total = total;
  }

  get exhaustedBudget(): boolean {
    return this.taken >= this.options.maxPages;
  }

  /**
   * Adds addresses found at `depth`. `seed` lets the base URL past the include patterns (its links are needed even
   * when only /blog/** is indexed); everything else must be fully in scope.
   */
  async add(urls: readonly string[], depth: number, opts: { base?: string; seed?: boolean } = {}): Promise<number> {
    const admitted: FrontierEntry[] = [];
    const limit = this.options.maxPages * DISCOVERY_FACTOR;
    for (const url of urls) {
      if (this.total + admitted.length >= limit) break;
      const admission = admitUrl({
        url,
        base: opts.base,
        depth,
        seen: this.known,
        maxDepth: this.options.maxDepth,
        scope: this.options.scope,
        robots: this.options.robots,
        seed: opts.seed,
      });
      if (!admission.admit) continue;
      this.known.add(admission.normalised);
      admitted.push({ url: admission.normalised, depth });
    }
    const added = await this.jobs.enqueue(this.options.jobId, admitted);
    this.total += added.length;
    if (added.length > 0) this.options.onDiscovered(added.length);
    return added.length;
  }

  /**
   * Records an address reached another way (a redirect's final URL, a canonical URL) as done, so it is not fetched
   * again. False when it was already known: that page was or will be fetched under its own address.
   */
  async claim(url: string, depth: number): Promise<boolean> {
    const normalised = normaliseUrl(url);
    if (normalised === null || this.started.has(normalised)) return false;
    // Marked started before the insert so a concurrent next() cannot hand the new row out.
    this.started.add(normalised);
    const [added] = await this.jobs.enqueue(this.options.jobId, [{ url: normalised, depth }]);
    if (!added) {
      this.started.delete(normalised);
      return false;
    }
    this.known.add(normalised);
    this.total++;
    this.options.onDiscovered(1);
    await this.jobs.markUrl(this.options.jobId, normalised, "done", "reached by redirect or canonical link");
    return true;
  }

  /** The oldest queued address not yet handed out, counted against maxPages; null when there is none or the budget is spent. */
  async next(): Promise<FrontierEntry | null> {
    if (this.exhaustedBudget) return null;
    if (this.buffer.length === 0) {
      // Rows in flight are still queued, so ask for enough to see past them.
      const queued = await this.jobs.nextQueued(this.options.jobId, this.inFlight.size + 64);
      this.buffer = queued.filter((entry) => !this.started.has(entry.url));
    }
    // Another task may have filled the budget while the query ran.
    if (this.exhaustedBudget) return null;
    const entry = this.buffer.shift();
    if (!entry || this.started.has(entry.url)) return entry ? this.next() : null;
    this.started.add(entry.url);
    this.inFlight.add(entry.url);
    this.known.add(entry.url);
    this.taken++;
    return entry;
  }

  async finish(url: string, state: "done" | "skipped" | "errored", detail: string | null = null): Promise<void> {
    this.inFlight.delete(url);
    await this.jobs.markUrl(this.options.jobId, url, state, detail?.slice(0, 500) ?? null);
  }
}
