// Sends webhook deliveries: one POST, no redirects followed, the crawler's address guard judging the receiver
// (a webhook URL is chosen by a customer, so it must not reach the host's own network either).
import { FetchFailure } from "../../ports/page-fetcher.ts";
import type { WebhookRequest, WebhookSender } from "../../ports/webhook-sender.ts";
import { assertPublicAddress, type AddressGuardOptions } from "./address-guard.ts";
import { guardedFetch } from "./guarded-fetch.ts";

export class HttpWebhookSender implements WebhookSender {
  constructor(private readonly options: AddressGuardOptions & { timeoutMs: number; userAgent: string }) {}

  async send(request: WebhookRequest): Promise<{ status: number; ms: number }> {
    const started = performance.now();
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    try {
      const { response } = await guardedFetch({
        url: request.url,
        method: "POST",
        headers: { "user-agent": this.options.userAgent, "content-type": "application/json", ...request.headers },
        body: request.body,
        guard: this.options,
        // A redirect is an answer we do not follow: the receiver must name its real address.
        maxRedirects: 0,
        signal,
      });
      await response.body?.cancel().catch(() => {});
      return { status: response.status, ms: Math.round(performance.now() - started) };
    } catch (error) {
      if (deadline.aborted && !request.signal?.aborted) throw new Error(`no answer within ${this.options.timeoutMs} ms`);
      if (error instanceof FetchFailure && error.reason === "too-many-redirects")
        throw new Error("the receiver answered with a redirect, which is not followed");
      throw error;
    }
  }

  async refusal(url: string): Promise<string | null> {
    try {
      await assertPublicAddress(new URL(url).hostname, this.options);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  }
}
