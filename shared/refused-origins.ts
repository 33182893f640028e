// Origins a site's allowed domains refused lately, as the dashboard lists them, and the one sentence a refusal says.
import { Type, type Static } from "@sinclair/typebox";

export const RefusedOrigin = Type.Object({
  origin: Type.String(),
  /** The Allowed domains entry that admits this origin (its host, with its port when the origin names one). */
  domain: Type.String(),
  count: Type.Integer(),
  firstSeenAt: Type.Integer(),
  lastSeenAt: Type.Integer(),
});
export type RefusedOrigin = Static<typeof RefusedOrigin>;

export const RefusedOriginList = Type.Object({ origins: Type.Array(RefusedOrigin) });
export type RefusedOriginList = Static<typeof RefusedOriginList>;

/** How many refused origins a site keeps: the least recently seen make room. */
export const refusedOriginsKept = 20;

/** The Allowed domains entry for an http(s) origin: `localhost:5173` for http://localhost:5173, `example.com` for https://example.com. */
export function domainEntryFor(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.host.toLowerCase();
}

/** The sentence of a 403 for a refused origin: it names the origin and the setting that admits it. */
export function originRefusalSentence(origin: string | null, what: string): string {
  if (origin === null) return `Only a page under Allowed domains can send ${what}, and this request names no page.`;
  if (domainEntryFor(origin) === null) {
    return `A page without a web origin (a sandboxed frame or a local file) cannot use ${what}; serve it from a domain listed under Allowed domains.`;
  }
  return `${origin} is not allowed to use ${what}; add it under Allowed domains.`;
}
