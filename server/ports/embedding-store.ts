// The embedding queue's storage: chunks without a vector for the current model are the queue.

export interface PendingChunk {
  id: string;
  siteId: string;
  contentHash: string;
  text: string;
}

export interface EmbeddingStore {
  /** Drops vectors of other models; returns how many. */
  forgetOtherModels(model: string): Promise<number>;
  nextBatch(limit: number, skip?: string[], afterSiteId?: string | null): Promise<PendingChunk[]>;
  save(items: Array<{ id: string; siteId: string; contentHash: string; vector: number[] }>, model: string): Promise<void>;
  pendingCount(): Promise<number>;
}
