// Measures how deeply a JSON text nests without parsing it, so a 100,000-deep body is refused in one linear pass
// instead of exhausting the stack of JSON.parse, the validator or the error formatter.

/** True when no array or object in `text` opens more than `max` levels deep (strings are skipped, escapes honoured). */
export function nestsWithin(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return false;
    } else if (c === 125 || c === 93) depth--;
  }
  return true;
}
