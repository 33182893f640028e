// The response headers a handler or hook writes (Elysia's `set.headers`), and their text form for a Response built by hand.

/** What `set.headers` is: plugins and the gate write CORS and X-RateLimit-* into it. */
export type ResponseHeaders = Record<string, string | number>;

/** A Response built by hand (the event stream) carries the same headers a JSON answer would. */
export function headerText(headers: Readonly<Record<string, string | number | readonly string[]>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
}
