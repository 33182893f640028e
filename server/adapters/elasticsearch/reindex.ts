// Rebuilds sites' documents in Elasticsearch from Postgres: the way back from a wiped, lost or stale index.
import type { IndexChunkSource } from "../../ports/search-outbox.ts";
import type { ElasticsearchLexicalIndex } from "./lexical-index.ts";

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
  source: IndexChunkSource,
  index: ElasticsearchLexicalIndex,
  siteIds: string[],
  opts: { batchSize?: number; onSite?: (progress: ReindexProgress) => void } = {},
): Promise<ReindexProgress[]> {
  await index.ensureIndex();
  const done: ReindexProgress[] = [];
  for (const siteId of siteIds) {
    await index.deleteSite({ siteId });
    let count = 0;
    for await (const batch of source.siteChunkBatches(siteId, opts.batchSize ?? 500)) {
      await index.upsertChunks(batch);
      count += batch.length;
    }
    const progress = { siteId, chunks: count };
    opts.onSite?.(progress);
    done.push(progress);
  }
  return done;
}
