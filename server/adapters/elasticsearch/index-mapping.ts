// The chunk index's names, settings and explicit mapping, and creating it when it is missing.
// Searches and writes go through an alias, so a new mapping version can be built beside the old one and swapped in.
import type { Client } from "@elastic/elasticsearch";

/** Bump when the mapping changes incompatibly; `reindex --all` then builds `<prefix>-chunks-v<N>`. */
export const MAPPING_VERSION = 1;

export interface IndexNames {
  /** What every request names. */
  alias: string;
  /** The concrete index the alias points at. */
  index: string;
}

export function indexNames(prefix: string): IndexNames {
  const alias = `${prefix}-chunks`;
  return { alias, index: `${alias}-v${MAPPING_VERSION}` };
}

/** One document per chunk, `_id` = chunk id. Field names are snake_case like the SQL columns they come from. */
export interface ChunkDocument {
  chunk_id: string;
  page_id: string;
  site_id: string;
  url: string;
  title: string;
  headings: string[];
  text: string;
  tags: string[];
  metadata: Record<string, unknown>;
}

// Prose fields use the built-in english analyzer (stemming, English stop words), so "installing" finds
// "install" as it does on the Postgres engines. Identifiers are keywords: exact filters and facets, never scored.
export const chunkIndexSettings = {
  number_of_shards: 1,
  number_of_replicas: 0,
} as const;

export const chunkIndexMappings = {
  dynamic: "strict",
  properties: {
    chunk_id: { type: "keyword" },
    page_id: { type: "keyword" },
    site_id: { type: "keyword" },
    url: { type: "keyword" },
    title: { type: "text", analyzer: "english" },
    headings: { type: "text", analyzer: "english" },
    text: { type: "text", analyzer: "english" },
    tags: { type: "keyword" },
    // Site-defined metadata has no fixed keys; flattened keeps every leaf a keyword without a mapping explosion.
    metadata: { type: "flattened" },
  },
} as const;

/**
 * Creates the versioned index with the alias if the alias does not exist yet. Shards and replicas can be
 * raised for a large cluster through `settings` (see docs/scaling.md).
 */
export async function ensureChunkIndex(client: Client, names: IndexNames, settings: Record<string, unknown> = {}): Promise<boolean> {
  if (await client.indices.exists({ index: names.alias })) return false;
  try {
    await client.indices.create({
      index: names.index,
      settings: { ...chunkIndexSettings, ...settings },
      mappings: chunkIndexMappings,
      aliases: { [names.alias]: { is_write_index: true } },
    });
  } catch (error) {
    // Two instances starting together both see "missing"; the loser finds the index made and carries on.
    if ((error as { body?: { error?: { type?: string } } }).body?.error?.type === "resource_already_exists_exception") return false;
    throw error;
  }
  return true;
}
