// A form's errors beside their fields: the server's "Invalid body: <field>: <requirement>." becomes "<Label>
// <requirement>." under the field it names, and the field is outlined, so nobody reads a path or a validator.
import { css } from "lit";

export interface FieldError {
  /** The form field's name: the first part of the server's path ("crawlerConfig" for crawlerConfig.maxPages). */
  field: string;
  text: string;
}

/** The field named by a validation error and its sentence for a person, or null when the error names no field. */
export function fieldError(message: string, labels: Record<string, string>): FieldError | null {
  const match = /^Invalid (?:body|query parameter): ([A-Za-z][A-Za-z0-9]*)((?:\.[A-Za-z0-9]+|\[\d+\])*): (.+?)\.?$/.exec(message);
  if (!match) return null;
  const [, field, rest, requirement] = match as unknown as [string, string, string, string];
  const leaf = /\.([A-Za-z][A-Za-z0-9]*)$/.exec(rest)?.[1];
  const label = labels[`${field}${rest}`] ?? (leaf ? labels[leaf] : undefined) ?? labels[field] ?? field;
  return { field: leaf && labels[leaf] ? leaf : field, text: `${label} ${requirement}.` };
}

/**
 * The server's sentence for a field the form already knows, under that field's label: "Exclude patterns (line 3)
 * must not be empty." A list's item is named by its line, as the owner typed it.
 */
export function labelledError(message: string, label: string): string {
  const match = /^Invalid (?:body|query parameter): ([A-Za-z][\w.[\]]*): (.+)$/.exec(message);
  if (!match) return message;
  const index = /\[(\d+)\]/.exec(match[1]!)?.[1];
  const line = index === undefined ? "" : ` (line ${Number(index) + 1})`;
  return `${label}${line} ${match[2]}`;
}

/** A field with `data-error` is outlined and its help text, which then says what is wrong, turns red. */
export const fieldErrorStyles = css`
  [data-error]::part(base) { border-color: var(--sl-color-danger-600); }
  [data-error]::part(form-control-help-text) { color: var(--sl-color-danger-700); }
`;
