// The title and headings of a chunk as SQL: search_text is title, headings and text joined by newlines (ingest-service),
// so what precedes the chunk's own text is its heading part. Both Postgres engines weigh it above the body.

/** An immutable expression over the chunk's own columns, usable in an index and a generated column. */
export const HEADING_TEXT_SQL = "left(search_text, greatest(length(search_text) - length(text), 0))";

/**
 * How much a word in the title or a heading counts against the same word in the body (SciFact, docs/benchmarks.md).
 * 1 turns the weighting off.
 */
export const DEFAULT_HEADING_WEIGHT = 2;
