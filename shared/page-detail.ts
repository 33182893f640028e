// One indexed page as stored: its fields, and its chunks (the cleaned text in sections) with their embedding state.
import { Type, type Static } from "@sinclair/typebox";

export const PageChunk = Type.Object({
  chunkId: Type.String(),
  position: Type.Integer(),
  /** The headings the chunk sits under, outermost first: its section. */
  headingPath: Type.Array(Type.String()),
  anchor: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  /** False until the embedding queue has given the chunk its vector (meaning search cannot find it before). */
  embedded: Type.Boolean(),
  embeddedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type PageChunk = Static<typeof PageChunk>;

export const PageDetail = Type.Object({
  url: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  tags: Type.Array(Type.String()),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  source: Type.Union([Type.Literal("api"), Type.Literal("crawl")]),
  indexedAt: Type.Integer(),
  /**
   * The page's other addresses (its index file, URLs whose canonical link names it, copies with the same text): stored
   * once under `url`, and asking for any of them returns this page.
   */
  aliases: Type.Optional(Type.Array(Type.String())),
  chunks: Type.Array(PageChunk),
});
export type PageDetail = Static<typeof PageDetail>;

export const PageDetailQuery = Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) });
