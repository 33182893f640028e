// The answer model port over Anthropic's Messages API: streams when the caller wants deltas, else one call.
import type Anthropic from "@anthropic-ai/sdk";
import type { AnswerInput, AnswerModel, AnswerOutput } from "../../ports/answer-model.ts";
import { createAnthropicClient, defaultAnthropicModel, type AnthropicClientOptions } from "./anthropic-client.ts";
import { translateAnthropicError } from "./answer-model-unavailable-error.ts";

interface MessageLike {
  model: string;
  content: Array<{ type: string; text?: string }>;
  usage: { input_tokens: number | null; output_tokens: number | null };
}

export class AnthropicAnswerModel implements AnswerModel {
  readonly model: string;
  readonly #client: Anthropic;

  constructor(options: AnthropicClientOptions) {
    this.model = options.model ?? defaultAnthropicModel;
    this.#client = createAnthropicClient(options);
  }

  async answer(input: AnswerInput): Promise<AnswerOutput> {
    const started = performance.now();
    const params = {
      model: this.model,
      max_tokens: input.maxTokens,
      system: input.system,
      messages: input.messages.map((m) => ({ role: m.role, content: m.content })),
    };
    const options = input.signal ? { signal: input.signal } : undefined;
    try {
      let message: MessageLike;
      if (input.onDelta) {
        const onDelta = input.onDelta;
        const stream = this.#client.messages.stream(params, options);
        // A failing callback (say, the visitor's connection closed) stops the paid generation and is what the caller sees.
        let callbackError: { error: unknown } | null = null;
        stream.on("text", (delta) => {
          if (callbackError) return;
          try {
            onDelta(delta);
          } catch (error) {
            callbackError = { error };
            stream.abort();
          }
        });
        try {
          message = await stream.finalMessage();
        } catch (error) {
          throw callbackError ? (callbackError as { error: unknown }).error : error;
        }
        if (callbackError) throw (callbackError as { error: unknown }).error;
      } else {
        message = await this.#client.messages.create(params, options);
      }
      return {
        text: message.content.map((block) => (block.type === "text" ? (block.text ?? "") : "")).join(""),
        model: message.model,
        inputTokens: message.usage.input_tokens ?? 0,
        outputTokens: message.usage.output_tokens ?? 0,
        ms: Math.round(performance.now() - started),
      };
    } catch (error) {
      throw translateAnthropicError(error, input.signal);
    }
  }
}
