// Column types shared by the schema files: timestamps with time zone, and pgvector without a fixed dimension.
import { customType, timestamp } from "drizzle-orm/pg-core";

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** pgvector column without a fixed dimension, so a model change does not need a migration; HNSW indexes cast per dimension. */
export const vector = customType<{ data: number[]; driverData: string }>({
  dataType: () => "vector",
  toDriver: (v) => `[${v.join(",")}]`,
  fromDriver: (v) => (typeof v === "string" ? JSON.parse(v) : (v as unknown as number[])),
});
