// Reads a response body up to a byte limit, counting decoded bytes as they stream in, so a compressed or endless
// body cannot exhaust memory; over the limit it stops reading and throws FetchFailure "too-large".
import { FetchFailure } from "../../ports/page-fetcher.ts";

export async function readLimited(response: Response, url: string, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  // A compressed body's Content-Length counts compressed bytes, so only an uncompressed one can be refused unread.
  if (Number.isFinite(declared) && declared > maxBytes && !response.headers.has("content-encoding")) {
    await response.body?.cancel().catch(() => {});
    throw new FetchFailure("too-large", url, `${url} is ${declared} bytes; the limit is ${maxBytes}`);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new FetchFailure("too-large", url, `${url} is over the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
