// Text PostgreSQL cannot store (NUL, unpaired UTF-16 surrogates) is refused at the edge, or stripped where it is prose,
// so it never reaches a statement that would fail and take other rows (an analytics batch, a page's chunks) with it.
import { Elysia } from "elysia";
import { ErrorCode } from "../../shared/errors.ts";
import { AppError } from "../errors/app-error.ts";
import { isStorableText, toStorableText } from "../text/storable-text.ts";

/**
 * Prose a visitor or owner writes: a stray NUL in a query or a page is noise, so it is dropped and the request goes on.
 * Every other string is an identifier or a name (site name, job id, sessionId, cursor, URL, tag, metadata) where
 * silently changing the value would make it name something else, so those are refused with a 400.
 */
const PROSE_FIELDS = new Set(["q", "query", "message", "content", "title", "summary", "description", "reason", "search"]);

const refuse = (where: string, path: string) =>
  new AppError(
    400,
    ErrorCode.ValidationFailed,
    `Invalid ${where}: ${path || "value"} contains a NUL character or an unpaired surrogate, which cannot be stored.`,
  );

/** Returns the value with prose fields made storable; throws on any other unstorable string (keys included). */
export function storableValue(value: unknown, where: string, path = "", key = ""): unknown {
  if (typeof value === "string") {
    if (isStorableText(value)) return value;
    if (PROSE_FIELDS.has(key)) return toStorableText(value);
    throw refuse(where, path);
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = storableValue(value[i], where, `${path}[${i}]`, key);
    return value;
  }
  // Plain records only (Elysia builds query objects without a prototype); files and buffers are not text.
  const proto = value !== null && typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) {
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      const at = path ? `${path}.${k}` : k;
      if (!isStorableText(k)) throw refuse(where, path ? `a key in ${path}` : "a key");
      record[k] = storableValue(record[k], where, at, k);
    }
  }
  return value;
}

export function storableText() {
  // beforeHandle runs after the routes' own transform hooks (CORS headers on public routes, so the widget can read the
  // 400) and before any handler, so handlers only ever see storable text.
  return new Elysia({ name: "storable-text" }).onBeforeHandle({ as: "global" }, (ctx) => {
    const c = ctx as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
    if (c.params) storableValue(c.params, "path parameter");
    if (c.query) storableValue(c.query, "query parameter");
    if (c.body !== undefined) c.body = storableValue(c.body, "body");
  });
}
