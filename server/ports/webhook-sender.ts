// Sends one webhook delivery over HTTP. Adapter: adapters/fetch/webhook-sender.ts (the crawler's SSRF guard applies).
export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  signal?: AbortSignal;
}

export interface WebhookSender {
  /** Resolves with the receiver's status (any status); rejects when nothing was answered (refused address, network, timeout). */
  send(request: WebhookRequest): Promise<{ status: number; ms: number }>;
  /** Why a receiver URL may not be used (a private or metadata address), or null when it may. */
  refusal(url: string): Promise<string | null>;
}
