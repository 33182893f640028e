// Parses the suggested-questions attribute: a JSON array of strings, or questions separated by "|".
export function parseSuggestions(value: string | null | undefined): string[] {
  const raw = (value ?? "").trim();
  if (!raw) return [];
  if (raw.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) return parsed.filter((q): q is string => typeof q === "string" && q.trim() !== "").map((q) => q.trim());
    } catch {
      // Not JSON after all: fall through to the "|" form.
    }
  }
  return raw
    .split("|")
    .map((q) => q.trim())
    .filter(Boolean);
}
