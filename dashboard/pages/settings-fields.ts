// The site settings the editor shows, as declarative fields: where each lives in the site (a dotted path),
// how it is drawn, and how its text turns back into the value PUT /api/sites/{id} takes.
import type { SiteDetail } from "../../shared/sites.ts";

export type FieldKind = "text" | "number" | "switch" | "textarea" | "password" | "schedule";

export interface FieldSpec {
  /** Dotted path in the site and in the update body, e.g. "crawlerConfig.maxPages". */
  path: string;
  label: string;
  kind: FieldKind;
  help?: string;
  /** Text shown in the control; defaults to the value at `path`. */
  read?: (site: SiteDetail) => string | boolean;
  /** The value to send; `undefined` leaves the setting out of the update. Throws with a sentence when the text is wrong. */
  write?: (raw: string | boolean, site: SiteDetail) => unknown;
}

export function valueAt(object: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((o, key) => (o && typeof o === "object" ? (o as Record<string, unknown>)[key] : undefined), object);
}

export function setAt(object: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let target = object;
  for (const key of keys.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys.at(-1)!] = value;
}

const lines = (raw: string): string[] =>
  raw
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** One item per line: the patterns, domains and similar lists. */
export const listField = (path: string, label: string, help: string): FieldSpec => ({
  path,
  label,
  kind: "textarea",
  help,
  read: (site) => ((valueAt(site, path) as string[] | undefined) ?? []).join("\n"),
  write: (raw) => lines(String(raw)),
});

/** A whole number; empty leaves it unchanged (the API has no way to unset these). */
export const numberField = (path: string, label: string, help?: string): FieldSpec => ({
  path,
  label,
  kind: "number",
  help,
  read: (site) => String(valueAt(site, path) ?? ""),
  write: (raw) => (String(raw).trim() === "" ? undefined : Number(raw)),
});

/** "pattern = 1.5" per line, for tag and URL boosts. */
export function boostField(path: "tagBoosts" | "urlBoosts", label: string, help: string): FieldSpec {
  const key = path === "tagBoosts" ? "tag" : "pattern";
  return {
    path,
    label,
    kind: "textarea",
    help,
    read: (site) => site[path].map((b) => `${key === "tag" ? (b as { tag: string }).tag : (b as { pattern: string }).pattern} = ${b.boost}`).join("\n"),
    write: (raw) =>
      lines(String(raw)).map((line, i) => {
        const match = /^(.+?)\s*=\s*([0-9.]+)$/.exec(line);
        if (!match) throw new Error(`line ${i + 1}: write it as "${key} = 1.5".`);
        return { [key]: match[1]!, boost: Number(match[2]) };
      }),
  };
}

/** "name: type" per line, with "facet" and/or "nofilter" after the type. */
export const metadataField: FieldSpec = {
  path: "metadataSchema",
  label: "Metadata fields",
  kind: "textarea",
  help: 'One per line: "name: string|number|boolean|string[]", then "facet" to count it in results, "nofilter" to refuse filters on it.',
  read: (site) => site.metadataSchema.map((f) => `${f.name}: ${f.type}${f.facet ? " facet" : ""}${f.filter === false ? " nofilter" : ""}`).join("\n"),
  write: (raw) =>
    lines(String(raw)).map((line, i) => {
      const match = /^([A-Za-z][A-Za-z0-9_]*)\s*:\s*(string\[\]|string|number|boolean)((?:\s+(?:facet|nofilter))*)$/.exec(line);
      if (!match) throw new Error(`line ${i + 1}: write it as "name: string" with optional "facet" or "nofilter".`);
      return { name: match[1]!, type: match[2]!, facet: match[3]!.includes("facet"), filter: !match[3]!.includes("nofilter") };
    }),
};

/** "a, b, c" per line; "a => b, c" when only the first term expands. */
export const synonymsField: FieldSpec = {
  path: "synonyms",
  label: "Synonyms",
  kind: "textarea",
  help: 'One set per line: "laptop, notebook" (both ways) or "laptop => notebook" (one way).',
  read: (site) => (site.synonyms ?? []).map((s) => (s.oneWay ? `${s.terms[0]} => ${s.terms.slice(1).join(", ")}` : s.terms.join(", "))).join("\n"),
  write: (raw) =>
    lines(String(raw)).map((line) => {
      const [head, tail] = line.split("=>");
      const split = (text: string) =>
        text
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean);
      return tail === undefined ? { terms: split(head!) } : { terms: [head!.trim(), ...split(tail)], oneWay: true };
    }),
};

/** Credentials: basic user and password, a cookie and extra headers; sent back masked, the server keeps the stored secrets. */
export const credentialFields: FieldSpec[] = [
  { path: "crawlerConfig.auth.basic.username", label: "Basic auth user", kind: "text", read: (s) => s.crawlerConfig.auth?.basic?.username ?? "" },
  { path: "crawlerConfig.auth.basic.password", label: "Basic auth password", kind: "password", read: (s) => s.crawlerConfig.auth?.basic?.password ?? "" },
  {
    path: "crawlerConfig.auth.cookie",
    label: "Cookie",
    kind: "password",
    read: (s) => s.crawlerConfig.auth?.cookie ?? "",
    help: "Sent as the Cookie header, to the site's own host only.",
  },
  {
    path: "crawlerConfig.auth.headers",
    label: "Extra headers",
    kind: "textarea",
    help: 'One per line: "Name: value". Stored encrypted and shown masked.',
    read: (s) =>
      Object.entries(s.crawlerConfig.auth?.headers ?? {})
        .map(([k, v]) => `${k}: ${v}`)
        .join("\n"),
  },
];

/** Builds crawlerConfig.auth from the credential fields: null removes stored credentials, undefined leaves none. */
export function authFromFields(value: (path: string) => string, site: SiteDetail): unknown {
  const username = value("crawlerConfig.auth.basic.username").trim();
  const password = value("crawlerConfig.auth.basic.password");
  const cookie = value("crawlerConfig.auth.cookie");
  const headers: Record<string, string> = {};
  lines(value("crawlerConfig.auth.headers")).forEach((line, i) => {
    const at = line.indexOf(":");
    if (at <= 0) throw Object.assign(new Error(`line ${i + 1}: write it as "Name: value".`), { field: "crawlerConfig.auth.headers" });
    headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  });
  const auth = {
    ...(username ? { basic: { username, password } } : {}),
    ...(cookie ? { cookie } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
  };
  if (Object.keys(auth).length === 0) return site.crawlerConfig.auth ? null : undefined;
  return auth;
}

/** "Invalid body: crawlerConfig.excludePatterns[2]: …" → "crawlerConfig.excludePatterns": the field to show it beside. */
export function fieldPathOfError(message: string): string | null {
  const match = /^(?:Invalid body: )?([A-Za-z][A-Za-z0-9]*(?:(?:\.[A-Za-z][A-Za-z0-9]*)|\[\d+\]|\.\d+)*)(?::| )/.exec(message);
  if (!match) return null;
  const path = match[1]!.replace(/\[\d+\]|\.\d+/g, "").split(".");
  // A nested problem inside a list item (urlBoosts.0.boost) belongs to the list's field.
  return path.join(".");
}
