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
        stream.on("text", (delta) => onDelta(delta));
        message = await stream.finalMessage();
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
