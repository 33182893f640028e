// Refused origins per site: one upsert per refusal (a refusal already spent the visitor's rate limit), and a prune
// only when a new origin came in, so a site never keeps more than `refusedOriginsKept`.
import { desc, eq, sql } from "drizzle-orm";
import { rows, type Db } from "./database.ts";
import { refusedOrigins } from "./schema.ts";
import { refusedOriginsKept } from "../../../shared/refused-origins.ts";
import type { RefusedOriginRecord, RefusedOriginStore as RefusedOriginStorePort } from "../../ports/refused-origin-store.ts";

/** Longer than any real origin (scheme, a 253-character host, a port); longer values are not kept. */
const ORIGIN_MAX_CHARS = 300;

export class RefusedOriginStore implements RefusedOriginStorePort {
  constructor(private readonly db: Db) {}

  async record(siteId: string, origin: string): Promise<void> {
    const normal = normalOrigin(origin);
    if (normal === null) return;
    const [row] = await rows<{ inserted: boolean }>(
      this.db,
      sql`INSERT INTO refused_origins (site_id, origin) VALUES (${siteId}, ${normal})
          ON CONFLICT (site_id, origin) DO UPDATE SET count = refused_origins.count + 1, last_seen_at = now()
          RETURNING (xmax = 0) AS inserted`,
    );
    if (!row?.inserted) return;
    await rows(
      this.db,
      sql`DELETE FROM refused_origins WHERE site_id = ${siteId} AND origin NOT IN (
            SELECT origin FROM refused_origins WHERE site_id = ${siteId} ORDER BY last_seen_at DESC, origin LIMIT ${refusedOriginsKept})`,
    );
  }

  list(siteId: string): Promise<RefusedOriginRecord[]> {
    return this.db
      .select({ origin: refusedOrigins.origin, count: refusedOrigins.count, firstSeenAt: refusedOrigins.firstSeenAt, lastSeenAt: refusedOrigins.lastSeenAt })
      .from(refusedOrigins)
      .where(eq(refusedOrigins.siteId, siteId))
      .orderBy(desc(refusedOrigins.lastSeenAt), refusedOrigins.origin);
  }
}

/** The origin as browsers write it (lower-case scheme and host, no default port); null for anything but http(s). */
function normalOrigin(origin: string): string | null {
  if (origin.length > ORIGIN_MAX_CHARS) return null;
  try {
    const url = new URL(origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}
