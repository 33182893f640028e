-- The embedding queue takes each site's lead chunks (position 0) before later ones: (site_id, position, id) holds that order.
DROP INDEX IF EXISTS "chunks_unembedded_idx";--> statement-breakpoint
CREATE INDEX "chunks_unembedded_idx" ON "chunks" USING btree ("site_id","position","id") WHERE embedded_at IS NULL;
