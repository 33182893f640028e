// Reads every request body through a byte cap, counting as it reads (a missing or false content-length does not
// matter), and parses JSON only after checking its nesting, so an oversized or hostile body costs at most the
// route's limit before it is refused with a JSON 413 or 400. Runs before rate limiting, and before authentication
// except where a route takes more than an ordinary API body.
import { Elysia } from "elysia";
import { ErrorCode } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import { AppError } from "../errors/app-error.ts";
import { badRequest } from "../errors/domain-error.ts";
import { bodyLimitFor } from "./body-limits.ts";
import { nestsWithin } from "./json-depth.ts";
import { tooLarge } from "./request-guards.ts";

export async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Stop reading now: the rest of an oversized upload is never buffered.
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    parts.push(value);
  }
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

const invalidJson = (why: string) => badRequest(`The request body is not valid JSON: ${why}.`, ErrorCode.InvalidJson);

export function parseJsonText(text: string): unknown {
  if (!nestsWithin(text, Limits.jsonDepthMax)) throw invalidJson(`it nests deeper than ${Limits.jsonDepthMax} levels`);
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson("it does not parse");
  }
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("The request body is not valid UTF-8.", ErrorCode.InvalidJson);
  }
}

/**
 * `authenticate` runs before a body larger than an ordinary API body is read (page ingestion's 110 MB): it throws the
 * caller's 401, so only a valid key or session can make the server read that much.
 */
export function boundedBody(authenticate?: (request: Request) => Promise<unknown>) {
  return new Elysia({ name: "bounded-body" }).onParse({ as: "global" }, async ({ request, contentType }) => {
    const limit = bodyLimitFor(request.method, new URL(request.url).pathname);
    if (limit > Limits.apiBodyBytes && authenticate) await authenticate(request);
    const bytes = await readCapped(request.body, limit);
    // null, not undefined: undefined would hand the consumed stream to Elysia's own parser. A route that needs a body
    // then fails validation with a 400; one that takes none (purge, crawl) does not care.
    if (bytes.byteLength === 0) return null;
    const type = (contentType ?? "").toLowerCase();
    if (type === "application/json" || type.endsWith("+json")) return parseJsonText(decodeUtf8(bytes));
    if (type.startsWith("text/")) return decodeUtf8(bytes);
    if (type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(decodeUtf8(bytes)));
    if (type === "multipart/form-data") {
      const form = await new Response(bytes as unknown as BodyInit, { headers: { "content-type": request.headers.get("content-type") ?? "" } })
        .formData()
        .catch(() => {
          throw badRequest("The multipart body does not parse.");
        });
      return Object.fromEntries(form);
    }
    if (type === "application/octet-stream") return bytes.buffer;
    throw new AppError(415, ErrorCode.BadRequest, `Unsupported content type "${type.slice(0, 100)}": send application/json.`);
  });
}
