// Parses a `limit` query parameter (analytics lists, page lists), with an error that names it and its bounds.
import { badRequest } from "../errors/domain-error.ts";

export function parseLimit(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === "") return fallback;
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= max)) throw badRequest(`Invalid limit "${raw.slice(0, 20)}": use a whole number from 1 to ${max}.`);
  return n;
}
