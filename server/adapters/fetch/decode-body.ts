// Turns response bytes into text in the page's own character encoding, found the way browsers find it:
// byte-order mark, then the Content-Type charset, then a <meta> or XML declaration near the start, then UTF-8.

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return null;
}

export function charsetOf(contentType: string): string | null {
  const match = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType);
  return match ? match[1]!.toLowerCase() : null;
}

/** The HTML spec looks for <meta charset> in the first 1024 bytes; XML declares its encoding on the first line. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ?? /<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i.exec(head);
  return meta ? meta[1]!.toLowerCase() : null;
}

function decoderFor(label: string | null, fatal = false): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label, { fatal });
  } catch {
    return null; // an unknown label is ignored, as browsers do
  }
}

export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const chosen = decoderFor(bomEncoding(bytes)) ?? decoderFor(charsetOf(contentType)) ?? decoderFor(declaredEncoding(bytes));
  if (chosen) return chosen.decode(bytes);
  // Undeclared: UTF-8 when the bytes are valid UTF-8, else the legacy Western default that browsers fall back to.
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
