// Whether a set of sites holds more than a bound of chunks, counted up to that bound and trusted for a minute. Both
// the full-text index and the vector store use it to choose between two plans that return the same rows, so a size
// a minute stale costs some speed, never a wrong answer; counting past the bound would cost a full count per minute.
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { rows, type Db } from "./database.ts";

/** How long a counted size is trusted. */
const SIZE_TTL_MS = 60_000;
/** Sets of sites remembered before the cache starts over (each is a few dozen bytes). */
const MAX_SETS = 10_000;

export class SiteSetSize {
  private readonly known = new Map<string, { above: boolean; at: number }>();

  /** `bound`: the size that decides; counting stops one row past it. */
  constructor(
    private readonly db: Db,
    private readonly bound: number,
  ) {}

  /** True when the chunks that `where(siteIds)` selects (it must name the sites) number more than the bound. */
  async isAbove(siteIds: string[], where: (siteIds: string[]) => SQL): Promise<boolean> {
    const key = [...siteIds].sort().join(",");
    const cached = this.known.get(key);
    if (cached && performance.now() - cached.at < SIZE_TTL_MS) return cached.above;
    const [row] = await rows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM chunks WHERE ${where(siteIds)} LIMIT ${this.bound + 1}) s`,
    );
    const above = Number(row?.n ?? 0) > this.bound;
    if (this.known.size > MAX_SETS) this.known.clear();
    this.known.set(key, { above, at: performance.now() });
    return above;
  }
}
