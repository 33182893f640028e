// One-line JSON logs on stderr, filtered by LOG_LEVEL; a line written while serving a request carries its requestId.
import { currentRequestId } from "./request-context.ts";

const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof order;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel): Logger {
  const write =
    (at: Exclude<LogLevel, "silent">) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (order[at] < order[level]) return;
      const extra = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Error ? { message: v.message, stack: v.stack } : v]));
      const requestId = currentRequestId();
      console.error(JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...(requestId ? { requestId } : {}), ...extra }));
    };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/** What a log line needs of an upstream model failure: its message, cause, status and request id, not a stack. */
export function upstreamFailureFields(error: unknown): Record<string, unknown> {
  const e = error as { message?: string; reason?: string; upstreamStatus?: number | null; upstreamRequestId?: string | null; status?: number } | null;
  return { error: e?.message ?? String(error), reason: e?.reason, status: e?.upstreamStatus ?? e?.status, requestId: e?.upstreamRequestId };
}
