// A site's crawl job history and one job's failed addresses with their reasons (read by the dashboard).
import { Type, type Static } from "@sinclair/typebox";
import { CrawlJob } from "./crawl.ts";
import { Limits } from "./limits.ts";

export const CrawlJobList = Type.Object({ jobs: Type.Array(CrawlJob) });
export type CrawlJobList = Static<typeof CrawlJobList>;

export const CrawlJobError = Type.Object({ url: Type.String(), reason: Type.String() });
export type CrawlJobError = Static<typeof CrawlJobError>;

/** What to list of a job's failed addresses: a page of them in URL order, optionally of one kind or matching a text. */
export const CrawlJobErrorsQuery = Type.Object({
  /** 1–1000, default 100 (taken as text and checked by the route, so a bad one is named). */
  limit: Type.Optional(Type.String({ maxLength: 20 })),
  /** The URL of the last error of the previous page. */
  cursor: Type.Optional(Type.String({ maxLength: Limits.urlMaxChars })),
  /** One of the groups' `kind`: "HTTP 404", "timeout", "not indexed" … */
  kind: Type.Optional(Type.String({ maxLength: 200 })),
  /** A piece of the URL, any case. */
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type CrawlJobErrorsQuery = Static<typeof CrawlJobErrorsQuery>;

/** The job's errors of one kind: the reason's status or cause, before any detail ("HTTP 404", "timeout"). */
export const CrawlErrorGroup = Type.Object({ kind: Type.String(), count: Type.Integer() });
export type CrawlErrorGroup = Static<typeof CrawlErrorGroup>;

/** Most of the job's errors are pages gone (404/410) under one folder: usually one broken link pattern. */
export const CrawlErrorPattern = Type.Object({
  kind: Type.String(),
  /** Errors of that kind under `prefix`. */
  count: Type.Integer(),
  /** The folder they share, a URL ending in "/". */
  prefix: Type.String(),
  /** A crawl exclude pattern that covers the folder (a path glob). */
  exclude: Type.String(),
});
export type CrawlErrorPattern = Static<typeof CrawlErrorPattern>;

export const CrawlJobErrors = Type.Object({
  errors: Type.Array(CrawlJobError),
  /** Errors matching `kind` and `search`, on every page. */
  total: Type.Integer(),
  /** Every error of the job by kind, the most frequent first (filters do not change them). */
  groups: Type.Array(CrawlErrorGroup),
  pattern: Type.Union([CrawlErrorPattern, Type.Null()]),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  hasMore: Type.Boolean(),
});
export type CrawlJobErrors = Static<typeof CrawlJobErrors>;
