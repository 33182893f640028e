// Page ingestion, listing and deletion bodies.
import { Type, type Static } from "@sinclair/typebox";
import { Limits } from "./limits.ts";
import { UrlPattern } from "./sites.ts";

export const PageInput = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: Limits.urlMaxChars }),
    content: Type.String({ description: "Plain text or HTML, at most 1 MB." }),
    title: Type.Optional(Type.String({ maxLength: 1000 })),
    summary: Type.Optional(Type.String({ maxLength: 5000 })),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 })),
    metadata: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String())]))),
  },
  { additionalProperties: false },
);
export type PageInput = Static<typeof PageInput>;

/** A PDF pushed through the pages API: its bytes in base64 (at most Limits.pdfBytes decoded, Limits.pdfPages pages). */
export const PdfPageInput = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: Limits.urlMaxChars }),
    contentBase64: Type.String({ minLength: 1, maxLength: Math.ceil((Limits.pdfBytes * 4) / 3) + 4 }),
    contentType: Type.Literal("application/pdf"),
    title: Type.Optional(Type.String({ maxLength: 1000 })),
    summary: Type.Optional(Type.String({ maxLength: 5000 })),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 })),
    metadata: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String())]))),
  },
  { additionalProperties: false },
);
export type PdfPageInput = Static<typeof PdfPageInput>;

/** Items are validated one by one by the ingest service so one bad page does not sink the batch. */
export const IngestBody = Type.Object({ pages: Type.Array(Type.Unknown(), { minItems: 1, maxItems: Limits.pagesPerIngest }) }, { additionalProperties: false });
export type IngestBody = Static<typeof IngestBody>;

export const IngestError = Type.Object({ url: Type.Union([Type.String(), Type.Null()]), error: Type.String() });
export const IngestResponse = Type.Object({
  processed: Type.Integer(),
  skipped: Type.Integer(),
  errors: Type.Array(IngestError),
});
export type IngestResponse = Static<typeof IngestResponse>;

export const PageListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: Limits.urlMaxChars })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PageListQuery = Static<typeof PageListQuery>;

export const PageListItem = Type.Object({
  url: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  indexedAt: Type.Integer(),
  tags: Type.Array(Type.String()),
});
export type PageListItem = Static<typeof PageListItem>;

export const PageList = Type.Object({
  items: Type.Array(PageListItem),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  hasMore: Type.Boolean(),
});
export type PageList = Static<typeof PageList>;

/** Exact `urls`, or a `pattern`: a glob (`*` within a path segment, `**` across) or a regex written `/…/flags`. */
export const DeletePagesBody = Type.Object(
  {
    urls: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: Limits.urlMaxChars }), { minItems: 1, maxItems: 1000 })),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: Limits.urlMaxChars })),
    pattern: Type.Optional(UrlPattern),
  },
  { additionalProperties: false },
);
export type DeletePagesBody = Static<typeof DeletePagesBody>;

export const DeletePagesResponse = Type.Object({ success: Type.Boolean(), deletedCount: Type.Integer() });
export type DeletePagesResponse = Static<typeof DeletePagesResponse>;
export const PurgeResponse = Type.Object({ success: Type.Boolean(), deletedCount: Type.Integer() });
export type PurgeResponse = Static<typeof PurgeResponse>;
