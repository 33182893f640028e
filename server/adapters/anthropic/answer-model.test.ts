import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { startFakeAnthropic, type FakeAnthropic } from "../../../tests/fixtures/fake-anthropic-server.ts";
import { AnthropicAnswerModel } from "./answer-model.ts";
import { AnswerModelUnavailableError } from "./answer-model-unavailable-error.ts";
import type { AnswerInput } from "../../ports/answer-model.ts";

let fake: FakeAnthropic;
beforeEach(async () => {
  fake = await startFakeAnthropic();
});
afterEach(async () => {
  await fake.close();
});

const modelFor = (fake: FakeAnthropic, extra: { maxRetries?: number; timeoutMs?: number } = {}) =>
  new AnthropicAnswerModel({ apiKey: "sk-test", model: "claude-test-model", baseURL: fake.url, ...extra });

const input = (extra: Partial<AnswerInput> = {}): AnswerInput => ({
  system: "Answer from the sources.",
  messages: [{ role: "user", content: "How do I install it?" }],
  maxTokens: 300,
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

describe("AnthropicAnswerModel", () => {
  describe("without a delta callback", () => {
    test("returns the text, the model and the token usage of one plain call", async () => {
      fake.script({ text: "Run the installer [1]." });
      const output = await modelFor(fake).answer(input());
      expect(output.text).toBe("Run the installer [1].");
      expect(output.model).toBe("claude-test-model");
      expect(output.inputTokens).toBeGreaterThan(0);
      expect(output.outputTokens).toBe(4);
      expect(output.ms).toBeGreaterThanOrEqual(0);
    });

    test("sends the system prompt, messages, model, max_tokens and API key in the wire format", async () => {
      await modelFor(fake).answer(input());
      const request = fake.requests[0]!;
      expect(request.path).toBe("/v1/messages");
      // SDK 1.x sends the key as a bearer token; 0.x sent it as x-api-key.
      expect(request.headers.authorization ?? request.headers["x-api-key"]).toContain("sk-test");
      expect(request.headers["anthropic-version"]).toBeTruthy();
      expect(request.body.stream).toBeFalsy();
      expect(request.body).toMatchObject({
        model: "claude-test-model",
        max_tokens: 300,
        system: "Answer from the sources.",
        messages: [{ role: "user", content: "How do I install it?" }],
      });
    });
  });

  describe("with a delta callback", () => {
    test("streams deltas in order that concatenate to the final text", async () => {
      const text = "First install the package, then run the setup command [1][2].";
      fake.script({ text });
      const deltas: string[] = [];
      const output = await modelFor(fake).answer(input({ onDelta: (d) => deltas.push(d) }));
      expect(fake.requests[0]!.body.stream).toBe(true);
      expect(deltas.length).toBeGreaterThan(5);
      expect(deltas.join("")).toBe(text);
      expect(output.text).toBe(text);
    });

    test("reports input tokens from message_start and output tokens from message_delta", async () => {
      fake.script({ text: "one two three" });
      const output = await modelFor(fake).answer(input({ onDelta: () => {} }));
      expect(output.inputTokens).toBeGreaterThan(0);
      expect(output.outputTokens).toBe(3);
    });

    test("a throwing callback stops the stream and its error is what the caller gets", async () => {
      fake.script({ text: "a b c d e f g h", eventDelayMs: 20 });
      const boom = new Error("connection closed");
      let calls = 0;
      const error = await failure(
        modelFor(fake).answer(
          input({
            onDelta: () => {
              calls++;
              throw boom;
            },
          }),
        ),
      );
      expect(error).toBe(boom);
      expect(calls).toBe(1);
    });

    test("an overloaded error event inside the stream becomes a 503", async () => {
      fake.script({ text: "partial answer here", streamErrorType: "overloaded_error" });
      const error = await failure(modelFor(fake).answer(input({ onDelta: () => {} })));
      expect(error).toBeInstanceOf(AnswerModelUnavailableError);
      expect((error as AnswerModelUnavailableError).status).toBe(503);
    });
  });

  describe("when the API is rate limited once", () => {
    test("retries after the retry-after delay and succeeds", async () => {
      fake.script({ status: 429, retryAfter: 1 }, { text: "Fine now [1]." });
      const started = Date.now();
      const output = await modelFor(fake).answer(input());
      expect(output.text).toBe("Fine now [1].");
      expect(fake.requests).toHaveLength(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    });
  });

  describe("when the API stays overloaded", () => {
    test("retries 529 and then throws AnswerModelUnavailableError with status 503", async () => {
      fake.script({ status: 529, times: 10 });
      const error = await failure(modelFor(fake, { maxRetries: 1 }).answer(input()));
      expect(fake.requests).toHaveLength(2);
      expect(error).toBeInstanceOf(AnswerModelUnavailableError);
      const unavailable = error as AnswerModelUnavailableError;
      expect(unavailable.status).toBe(503);
      expect(unavailable.reason).toBe("overloaded");
      expect(unavailable.code).toBe("UPSTREAM_UNAVAILABLE");
      expect(unavailable.upstreamRequestId).toBe("req_fake_2");
    });

    test("a streaming call fails the same way before any delta", async () => {
      fake.script({ status: 529, times: 10 });
      const deltas: string[] = [];
      const error = await failure(modelFor(fake, { maxRetries: 0 }).answer(input({ onDelta: (d) => deltas.push(d) })));
      expect((error as AnswerModelUnavailableError).status).toBe(503);
      expect(deltas).toEqual([]);
    });
  });

  describe("when the API answers with another error", () => {
    test("a rejected API key becomes a 502 without retrying", async () => {
      fake.script({ status: 401 });
      const error = await failure(modelFor(fake).answer(input()));
      expect(fake.requests).toHaveLength(1);
      expect((error as AnswerModelUnavailableError).status).toBe(502);
      expect((error as AnswerModelUnavailableError).reason).toBe("upstream-error");
    });

    test("a spent budget (429 enforced_spend_limit_reached) becomes a 502", async () => {
      fake.script({ status: 429, errorCode: "enforced_spend_limit_reached", times: 5 });
      const error = await failure(modelFor(fake, { maxRetries: 0 }).answer(input()));
      expect((error as AnswerModelUnavailableError).status).toBe(502);
    });
  });

  describe("when the network fails", () => {
    test("an unreachable endpoint becomes a 503", async () => {
      const url = fake.url;
      await fake.close();
      const model = new AnthropicAnswerModel({ apiKey: "sk-test", baseURL: url, maxRetries: 0 });
      const error = await failure(model.answer(input()));
      expect((error as AnswerModelUnavailableError).status).toBe(503);
      expect((error as AnswerModelUnavailableError).reason).toBe("network");
      fake = await startFakeAnthropic();
    });

    test("a slow answer past timeoutMs becomes a 503 timeout", async () => {
      fake.script({ delayMs: 2_000 });
      const error = await failure(modelFor(fake, { maxRetries: 0, timeoutMs: 150 }).answer(input()));
      expect((error as AnswerModelUnavailableError).status).toBe(503);
      expect((error as AnswerModelUnavailableError).reason).toBe("timeout");
    });
  });

  describe("when the caller aborts", () => {
    test("a plain call rejects with an AbortError promptly", async () => {
      fake.script({ delayMs: 3_000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const started = Date.now();
      const error = await failure(modelFor(fake).answer(input({ signal: controller.signal })));
      expect((error as Error).name).toBe("AbortError");
      expect(Date.now() - started).toBeLessThan(1_500);
    });

    test("a stream stops delivering deltas and rejects with an AbortError", async () => {
      fake.script({ text: "a b c d e f g h i j k l m n o p", eventDelayMs: 40 });
      const controller = new AbortController();
      const deltas: string[] = [];
      const answer = modelFor(fake).answer(
        input({
          signal: controller.signal,
          onDelta: (d) => {
            deltas.push(d);
            if (deltas.length === 2) controller.abort();
          },
        }),
      );
      const error = await failure(answer);
      expect((error as Error).name).toBe("AbortError");
      expect(deltas.length).toBeLessThan(16);
    });
  });
});
