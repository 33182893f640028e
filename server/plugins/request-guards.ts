// Cross-cutting request guards, first of all hooks: a request id on every response (and every log line of the request),
// then URLs and headers over their limits refused with 431, and a declared body over the route's limit with 413,
// all before routing, authentication or rate limiting spend anything on the request.
import { Elysia } from "elysia";
import { randomUUID } from "node:crypto";
import { ErrorCode } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import { AppError } from "../errors/app-error.ts";
import { enterRequest } from "../request-context.ts";
import { bodyLimitFor } from "./body-limits.ts";

export const tooLarge = (limit: number) =>
  new AppError(413, ErrorCode.PayloadTooLarge, `The request body is larger than this endpoint's limit of ${limit} bytes.`);

function headerBytes(headers: Headers): number {
  let total = 0;
  for (const [name, value] of headers) total += name.length + value.length + 4;
  return total;
}

/**
 * Percent-escapes that are not UTF-8 (`%E0%A4%A`, `%ZZ`, a lone surrogate) name no resource. A NUL decodes and is left
 * to the path-parameter check (storable-text.ts), which names the parameter.
 */
function malformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

export function requestGuards() {
  // onRequest hooks are global by nature: they run for every request, before routing.
  return new Elysia({ name: "request-guards" }).onRequest(({ request, set }) => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    set.headers["x-request-id"] = requestId;
    enterRequest(requestId);
    if (request.url.length > Limits.urlBytesMax) {
      throw new AppError(431, ErrorCode.HeadersTooLarge, `The URL is ${request.url.length} characters long; the limit is ${Limits.urlBytesMax}.`);
    }
    if (headerBytes(request.headers) > Limits.headerBytesMax) {
      throw new AppError(431, ErrorCode.HeadersTooLarge, `The request headers are larger than ${Limits.headerBytesMax} bytes.`);
    }
    const { pathname } = new URL(request.url);
    // Before routing, so no route, wildcard or scope lookup ever sees a path it cannot decode or store.
    if (malformedPath(pathname)) {
      throw new AppError(400, ErrorCode.BadRequest, "The request path is malformed: it has a percent-escape that is not UTF-8 text.");
    }
    // A declared length over the limit is refused unread; an undeclared or false one is caught while reading (bounded-body.ts).
    const limit = bodyLimitFor(request.method, pathname);
    const length = Number(request.headers.get("content-length") ?? 0);
    if (length > limit) throw tooLarge(limit);
  });
}
