// The request id of the request being served, for log lines written deep inside use cases (a page that failed to
// store, a model call that failed) without passing it through every port.
import { AsyncLocalStorage } from "node:async_hooks";

const store = new AsyncLocalStorage<{ requestId: string }>();

/** Called once per request, before any other hook; later awaits of the same request see it. */
export function enterRequest(requestId: string): void {
  store.enterWith({ requestId });
}

export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}
