// Rebuilds sites' documents in Elasticsearch from Postgres: the way back from a wiped, lost or stale index.
import { eq } from "drizzle-orm";
import type { Db } from "../postgres/database.ts";
import { sites } from "../postgres/schema.ts";
import type { ElasticsearchLexicalIndex } from "./lexical-index.ts";
import { siteChunkBatches } from "./chunk-source.ts";

export interface ReindexProgress {
  siteId: string;
  chunks: number;
}

/**
 * For each site: deletes its documents, then indexes every chunk in batches. Keyword results for the
 * site are incomplete until it finishes. Outbox rows for the site are left alone: delivering them
 * afterwards rewrites the same current state, so nothing written meanwhile is lost.
 */
export async function reindexSites(
  db: Db,
  index: ElasticsearchLexicalIndex,
  siteIds: string[],
  opts: { batchSize?: number; onSite?: (progress: ReindexProgress) => void } = {},
): Promise<ReindexProgress[]> {
  await index.ensureIndex();
  const done: ReindexProgress[] = [];
  for (const siteId of siteIds) {
    await index.deleteSite({ siteId });
    let count = 0;
    for await (const batch of siteChunkBatches(db, siteId, opts.batchSize ?? 500)) {
      await index.upsertChunks(batch);
      count += batch.length;
    }
    const progress = { siteId, chunks: count };
    opts.onSite?.(progress);
    done.push(progress);
  }
  return done;
}

export async function allSiteIds(db: Db): Promise<string[]> {
  return (await db.select({ id: sites.id }).from(sites).orderBy(sites.id)).map((r) => r.id);
}

export async function siteExists(db: Db, siteId: string): Promise<boolean> {
  return (await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId))).length > 0;
}

