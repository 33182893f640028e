// Builds the one SDK client both Anthropic adapters use, with our defaults for model, retries and timeout.
import Anthropic from "@anthropic-ai/sdk";

/** The newest Sonnet in the installed SDK's model list: a good balance of answer quality, speed and price. */
export const defaultAnthropicModel = "claude-sonnet-5-5";

export interface AnthropicClientOptions {
  apiKey: string;
  /** Defaults to ANTHROPIC_MODEL through config, else `defaultAnthropicModel`. */
  model?: string;
  /** Another endpoint speaking the Messages API (a gateway, or the test server). */
  baseURL?: string;
  /** Retries of 408/409/429/5xx (529 overloaded included) and network errors, with the SDK's backoff. Default 3. */
  maxRetries?: number;
  /** Per attempt, in milliseconds. Default 60 s: an answer a visitor waits for longer is not worth having. */
  timeoutMs?: number;
}

export function createAnthropicClient(options: AnthropicClientOptions): Anthropic {
  return new Anthropic({
    apiKey: options.apiKey,
    // Always given, so the SDK never reads ANTHROPIC_BASE_URL behind config's back.
    baseURL: options.baseURL ?? "https://api.anthropic.com",
    maxRetries: options.maxRetries ?? 3,
    timeout: options.timeoutMs ?? 60_000,
  });
}
