// The embedding queue's storage: chunks without a vector for the current model are what it embeds, and each site with
// chunks waiting has one job on the job queue (kind `embed`, `ref` the site), queued by the page write that left them
// waiting and by the sweep of sites that have none.

export const embedJobKind = "embed";
/** Runs of an embed job that may fail (the database away) before it is a dead letter; the sweep queues a new one then. */
export const embedJobAttempts = 10;

export interface PendingChunk {
  id: string;
  siteId: string;
  contentHash: string;
  text: string;
}

export interface EmbeddingStore {
  /** Drops vectors of other models; returns how many. */
  forgetOtherModels(model: string): Promise<number>;
  /** Up to `limit` of the site's chunks waiting for a vector, in the order they are embedded in, without those in `skip`. */
  nextBatch(siteId: string, limit: number, skip?: string[]): Promise<PendingChunk[]>;
  save(items: Array<{ id: string; siteId: string; contentHash: string; vector: number[] }>, model: string): Promise<void>;
  pendingCount(): Promise<number>;
  /** Queues an embed job for each site with chunks waiting and no embed job queued or running; returns how many. */
  queueWaitingSites(): Promise<number>;
}
