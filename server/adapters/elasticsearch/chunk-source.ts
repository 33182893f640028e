// Reads chunks with their page's fields from Postgres, the source of truth, in the shape Elasticsearch indexes.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../postgres/database.ts";
import { chunks, pages } from "../postgres/schema.ts";
import type { IndexableChunk } from "./lexical-index.ts";

const columns = {
  chunkId: chunks.id,
  pageId: chunks.pageId,
  siteId: chunks.siteId,
  headingPath: chunks.headingPath,
  text: chunks.text,
  url: pages.url,
  title: pages.title,
  tags: pages.tags,
  metadata: pages.metadata,
};

/** The current chunks of these pages; a page deleted since has none. */
export async function loadPageChunks(db: Db, pageIds: string[]): Promise<IndexableChunk[]> {
  if (pageIds.length === 0) return [];
  return db
    .select(columns)
    .from(chunks)
    .innerJoin(pages, eq(pages.id, chunks.pageId))
    .where(inArray(chunks.pageId, pageIds))
    .orderBy(asc(chunks.pageId), asc(chunks.position));
}

/** Every chunk of a site in batches, walked by chunk id so memory stays flat on a large site. */
export async function* siteChunkBatches(db: Db, siteId: string, batchSize: number): AsyncGenerator<IndexableChunk[]> {
  let after = "";
  for (;;) {
    const batch = await db
      .select(columns)
      .from(chunks)
      .innerJoin(pages, eq(pages.id, chunks.pageId))
      .where(and(eq(chunks.siteId, siteId), gt(chunks.id, after)))
      .orderBy(asc(chunks.id))
      .limit(batchSize);
    if (batch.length === 0) return;
    yield batch;
    after = batch.at(-1)!.chunkId;
    if (batch.length < batchSize) return;
  }
}
