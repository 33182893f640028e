// A large language model that writes an answer from a prompt. Adapter: adapters/anthropic/answer-model.ts.
export interface AnswerMessage {
  role: "user" | "assistant";
  content: string;
}

export interface AnswerInput {
  system: string;
  messages: AnswerMessage[];
  maxTokens: number;
  signal?: AbortSignal;
  /** Called with each piece of text as it is generated; without it the adapter may use a non-streaming call. */
  onDelta?: (text: string) => void;
}

export interface AnswerOutput {
  text: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  ms: number;
}

export interface AnswerModel {
  readonly model: string;
  answer(input: AnswerInput): Promise<AnswerOutput>;
}
