// The CPU-heavy part of ingestion, cleaning HTML and cutting it into chunks, behind one interface so it can run on
// worker threads (preparation-pool.ts) in the service, or on the calling thread in scripts and as a fallback.
import { cleanHtml, type CleanedPage } from "./clean-html.ts";
import { chunkBlocks, type Chunk } from "./chunk.ts";
import type { ContentBlock } from "./content-block.ts";

export interface ChunkInput {
  title: string;
  blocks: ContentBlock[];
}

export interface PagePreparer {
  /** `tenant` names whose work this is (a site), so one tenant's pile of pages cannot hold up another's. */
  clean(html: string, url: string, tenant: string): Promise<CleanedPage>;
  chunk(input: ChunkInput, tenant: string): Promise<Chunk[]>;
  close?(): void;
}

export const inlinePreparer: PagePreparer = {
  clean: async (html, url) => cleanHtml(html, url),
  chunk: async (input) => chunkBlocks(input),
};
