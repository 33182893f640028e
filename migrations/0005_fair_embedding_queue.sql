-- The embedding queue claims each site's oldest pending chunks in turn: (site_id, id) lets each turn read a few rows in order.
DROP INDEX IF EXISTS "chunks_unembedded_idx";--> statement-breakpoint
CREATE INDEX "chunks_unembedded_idx" ON "chunks" USING btree ("site_id","id") WHERE embedded_at IS NULL;
