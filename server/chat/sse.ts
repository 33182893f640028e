// A server-sent event stream as a Response: errors before the first event stay ordinary HTTP errors,
// later ones become an `error` event, and a client that goes away aborts the work behind the stream.
import { ErrorCode } from "../../shared/errors.ts";
import { ChatStreamEvent } from "../../shared/chat.ts";
import { DomainError } from "../errors/domain-error.ts";

export type SendEvent = (event: string, data: unknown) => void;

export interface EventStreamOptions {
  /** Extra headers (CORS, rate limit) to carry, as JSON responses do. */
  headers?: Record<string, string>;
  /** The request's signal: the client disconnecting. */
  signal?: AbortSignal;
  onUnexpectedError?(error: unknown): void;
}

export const eventStreamHeaders = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  // nginx buffers proxied responses unless told not to, which would hold every delta until the end.
  "x-accel-buffering": "no",
} as const;

/** One event in the wire format; JSON never holds a raw newline, so `data` is always one line. */
export function formatEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function errorData(error: unknown): { error: string; code: string } {
  if (error instanceof DomainError) return { error: error.message, code: error.code };
  return { error: "Internal server error.", code: ErrorCode.Internal };
}

const isAbort = (error: unknown) => error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");

/**
 * Runs `work` with a `send` function and resolves to the streaming Response once the first event is
 * sent. If `work` fails before that, the promise rejects with its error, so the caller's error handler
 * answers with the right status and a JSON body instead of a 200 stream that only says "error".
 */
export function openEventStream(options: EventStreamOptions, work: (send: SendEvent, signal: AbortSignal) => Promise<void>): Promise<Response> {
  const aborter = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, aborter.signal]) : aborter.signal;
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      closed = true;
      aborter.abort(new DOMException("The client closed the stream.", "AbortError"));
    },
  });
  const close = () => {
    if (closed) return;
    closed = true;
    try {
      controller.close();
    } catch {}
  };

  return new Promise<Response>((resolve, reject) => {
    let started = false;
    const response = () => new Response(body, { status: 200, headers: { ...options.headers, ...eventStreamHeaders } });
    const send: SendEvent = (event, data) => {
      if (closed) return;
      controller.enqueue(encoder.encode(formatEvent(event, data)));
      if (!started) {
        started = true;
        resolve(response());
      }
    };
    work(send, signal).then(
      () => {
        close();
        if (!started) {
          started = true;
          resolve(response());
        }
      },
      (error: unknown) => {
        if (!started) {
          started = true;
          close();
          reject(error);
          return;
        }
        if (!(isAbort(error) && signal.aborted)) {
          if (!(error instanceof DomainError)) options.onUnexpectedError?.(error);
          send(ChatStreamEvent.error, errorData(error));
        }
        close();
      },
    );
  });
}

/** Whether the client asked for a stream: JSON stays the default for anything else. */
export function wantsEventStream(accept: string | null | undefined): boolean {
  return !!accept && /(^|,)\s*text\/event-stream\b/i.test(accept);
}
