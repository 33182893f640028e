// Reads a model's metadata reply leniently: code fences and chatter around the JSON are tolerated, bad fields dropped.

export type MetadataField = "title" | "summary" | "tags";

export interface ParsedMetadata {
  title?: string;
  summary?: string;
  tags?: string[];
}

export const metadataLimits = { titleChars: 100, summaryChars: 300, tags: 8, tagChars: 40 } as const;

/** The first balanced {...} in the text, skipping braces inside strings. */
function firstJsonObject(text: string): string | null {
  const start = text.indexOf("{");
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

function clip(value: string, max: number): string {
  const line = value.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

function tagsOf(value: unknown): string[] | undefined {
  const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : null;
  if (!list) return undefined;
  const tags: string[] = [];
  for (const item of list) {
    if (typeof item !== "string") continue;
    const tag = item.toLowerCase().replace(/\s+/g, " ").trim().replace(/^#/, "");
    if (tag === "" || tag.length > metadataLimits.tagChars || tags.includes(tag)) continue;
    tags.push(tag);
    if (tags.length === metadataLimits.tags) break;
  }
  return tags.length > 0 ? tags : undefined;
}

/** Only the wanted fields that parsed are returned; anything else is left for the caller's fallback. */
export function parseMetadataJson(reply: string, wanted: readonly MetadataField[]): ParsedMetadata {
  const unfenced = reply.replace(/```(?:json)?/gi, "");
  const json = firstJsonObject(unfenced);
  if (!json) return {};
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return {};
  const record = data as Record<string, unknown>;
  const out: ParsedMetadata = {};
  if (wanted.includes("title") && typeof record.title === "string" && record.title.trim() !== "") {
    out.title = clip(record.title, metadataLimits.titleChars);
  }
  if (wanted.includes("summary") && typeof record.summary === "string" && record.summary.trim() !== "") {
    out.summary = clip(record.summary, metadataLimits.summaryChars);
  }
  if (wanted.includes("tags")) {
    const tags = tagsOf(record.tags);
    if (tags) out.tags = tags;
  }
  return out;
}
