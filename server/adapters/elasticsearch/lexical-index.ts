// The LexicalIndex port on Elasticsearch: one document per chunk, BM25 over title, headings and text.
// Postgres stays the source of truth; this index is fed by the outbox drain and rebuilt by `site-search reindex`.
import type { Client } from "@elastic/elasticsearch";
import type { LexicalHit, LexicalIndex, LexicalSearchInput } from "../../ports/lexical-index.ts";
import type { IndexableChunk } from "../../ports/search-outbox.ts";
import { ensureChunkIndex, type ChunkDocument, type IndexNames } from "./index-mapping.ts";
import { LexicalIndexUnavailableError, translateElasticsearchError } from "./elasticsearch-client.ts";

export type { IndexableChunk };

export interface ElasticsearchIndexOptions {
  /** Documents per bulk request; ES advises a few MB per request, and chunks are ~1-2 KB. */
  batchSize?: number;
  /** Make writes visible before returning (tests, reindex); the drain leaves it to the 1 s refresh interval. */
  refresh?: boolean;
  /** Extra index settings used when the index is created (shards, replicas). */
  indexSettings?: Record<string, unknown>;
}

// Title counts three times a body match and headings twice, applied at query time so weights change
// without a reindex. best_fields scores a chunk by its best field, plus 0.3 of the others so a chunk
// matching in title and text beats one matching in title only.
export const SEARCH_FIELDS = ["title^3", "headings^2", "text"];
const TIE_BREAKER = 0.3;

export class ElasticsearchLexicalIndex implements LexicalIndex {
  readonly engine = "elasticsearch";
  private readonly batchSize: number;
  private readonly refresh: boolean;

  constructor(
    private readonly client: Client,
    readonly names: IndexNames,
    private readonly opts: ElasticsearchIndexOptions = {},
  ) {
    this.batchSize = opts.batchSize ?? 500;
    this.refresh = opts.refresh ?? false;
  }

  /** Creates the index and alias if missing; true when it had to. */
  async ensureIndex(): Promise<boolean> {
    try {
      return await ensureChunkIndex(this.client, this.names, this.opts.indexSettings);
    } catch (error) {
      throw translateElasticsearchError(error);
    }
  }

  /**
   * Raw BM25 scores (Lucene's, k1 = 1.2, b = 0.75), times the field boost of the best field. The hybrid
   * search maps them to 0..1 with the same saturation s / (s + k) it uses for Postgres BM25, so minScore
   * means the same on both engines; see docs/scaling.md.
   */
  async search(input: LexicalSearchInput): Promise<{ hits: LexicalHit[]; ms: number }> {
    const started = performance.now();
    const terms = plainTerms(input);
    if (terms.any.length === 0 || input.siteIds.length === 0 || input.limit <= 0) return { hits: [], ms: 0 };
    const match = (query: string, type: "best_fields" | "phrase") => ({ multi_match: { query, fields: SEARCH_FIELDS, type, tie_breaker: TIE_BREAKER } });
    try {
      const response = await this.client.search(
        {
          index: this.names.alias,
          size: input.limit,
          _source: false,
          track_total_hits: false,
          query: {
            // Words (with their typo corrections and synonyms) rank; phrases must occur; excluded words must not.
            bool: {
              must:
                terms.phrases.length === 0
                  ? match(terms.any.join(" "), "best_fields")
                  : [match(terms.any.join(" "), "best_fields"), ...terms.phrases.map((p) => match(p.join(" "), "phrase"))],
              ...(terms.excluded.length > 0 ? { must_not: [match(terms.excluded.join(" "), "best_fields")] } : {}),
              filter: [{ terms: { site_id: input.siteIds } }],
            },
          },
        },
        { signal: input.signal },
      );
      const hits = response.hits.hits.map((h) => ({ chunkId: h._id!, score: h._score ?? 0 }));
      return { hits, ms: performance.now() - started };
    } catch (error) {
      // Nothing indexed yet (a fresh cluster before the first drain) is an empty result, not an outage.
      if (errorType(error) === "index_not_found_exception") return { hits: [], ms: performance.now() - started };
      throw translateElasticsearchError(error, input.signal);
    }
  }

  /** Indexes chunks by id in bulk batches; an existing chunk document is replaced whole. */
  async upsertChunks(chunks: IndexableChunk[]): Promise<void> {
    for (let i = 0; i < chunks.length; i += this.batchSize) {
      const batch = chunks.slice(i, i + this.batchSize);
      const operations = batch.flatMap((c) => [{ index: { _index: this.names.alias, _id: c.chunkId } }, toDocument(c)]);
      let response: Awaited<ReturnType<typeof this.client.bulk>>;
      try {
        response = await this.client.bulk({ operations, refresh: this.refresh });
      } catch (error) {
        throw translateElasticsearchError(error);
      }
      // A bulk request answers 200 even when items fail; a failed item must not be taken as delivered.
      if (response.errors) {
        const failed = response.items.map((item) => Object.values(item)[0]).find((r) => r?.error);
        const why = `${failed?.error?.type ?? "error"}: ${failed?.error?.reason ?? ""}`;
        throw new LexicalIndexUnavailableError("upstream-error", `Elasticsearch rejected a chunk document (${why}).`, failed?.status ?? null);
      }
    }
  }

  /**
   * Makes these pages' documents exactly `chunks`: indexes the current chunks first, then deletes the
   * page's other documents, so the page is never missing from results in between. A page with no
   * chunks (deleted since) loses all its documents.
   */
  async replacePages(input: { pageIds: string[]; chunks: IndexableChunk[] }): Promise<void> {
    if (input.pageIds.length === 0) return;
    await this.upsertChunks(input.chunks);
    const keep = input.chunks.map((c) => c.chunkId);
    await this.deleteWhere({
      bool: {
        filter: [{ terms: { page_id: input.pageIds } }],
        ...(keep.length > 0 ? { must_not: [{ ids: { values: keep } }] } : {}),
      },
    });
  }

  async deletePages(input: { siteId: string; pageIds: string[] }): Promise<void> {
    if (input.pageIds.length === 0) return;
    await this.deleteWhere({ bool: { filter: [{ term: { site_id: input.siteId } }, { terms: { page_id: input.pageIds } }] } });
  }

  async deleteSite(input: { siteId: string }): Promise<void> {
    await this.deleteWhere({ bool: { filter: [{ term: { site_id: input.siteId } }] } });
  }

  /** Drops the whole index (every site); `reindex --all` rebuilds it from Postgres. */
  async purge(): Promise<void> {
    try {
      await this.client.indices.delete({ index: this.names.index, ignore_unavailable: true });
    } catch (error) {
      throw translateElasticsearchError(error);
    }
  }

  async health(): Promise<{ ok: boolean; detail?: string; documents?: number }> {
    try {
      const { count } = await this.client.count({ index: this.names.alias });
      return { ok: true, documents: count };
    } catch (error) {
      if (errorType(error) === "index_not_found_exception") {
        return { ok: true, documents: 0, detail: `Index ${this.names.alias} not created yet; the outbox drain or "site-search reindex --all" creates it.` };
      }
      return { ok: false, detail: (translateElasticsearchError(error) as Error).message };
    }
  }

  private async deleteWhere(query: Record<string, unknown>): Promise<void> {
    try {
      // conflicts=proceed: a document rewritten by another writer meanwhile is that writer's, not an error.
      await this.client.deleteByQuery({ index: this.names.alias, query, conflicts: "proceed", refresh: this.refresh });
    } catch (error) {
      if (errorType(error) === "index_not_found_exception") return;
      throw translateElasticsearchError(error);
    }
  }
}

function toDocument(c: IndexableChunk): ChunkDocument {
  return {
    chunk_id: c.chunkId,
    page_id: c.pageId,
    site_id: c.siteId,
    url: c.url,
    title: c.title,
    headings: c.headingPath,
    text: c.text,
    tags: c.tags,
    metadata: c.metadata ?? {},
  };
}

function errorType(error: unknown): string | undefined {
  return (error as { meta?: { body?: { error?: { type?: string } } } }).meta?.body?.error?.type;
}

/** The planned terms, or the query's words as before; Elasticsearch analyses the text itself, so no escaping is needed. */
function plainTerms(input: LexicalSearchInput): { any: string[]; phrases: string[][]; excluded: string[] } {
  if (!input.terms) {
    const query = input.query.trim();
    return { any: query === "" ? [] : [query], phrases: [], excluded: [] };
  }
  const phrases = input.terms.phrases.filter((p) => p.length > 0);
  return { any: [...new Set([...input.terms.words.flat(), ...phrases.flat()])], phrases, excluded: input.terms.excluded };
}
