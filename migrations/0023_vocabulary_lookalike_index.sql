-- The typo look-alike search (site-vocabulary.ts) asks for a site's words that share trigrams with a word and are
-- within two letters of its length. The trigram index on the word alone returned every site's look-alikes of any
-- length, each then read from the table and thrown away (688 rows read for 23 kept on the httpd manual); with the
-- site and the word's length in the same GIN index (btree_gin), the index keeps only rows of the searched sites
-- within the length band (342 for the same word), and other tenants' words are no longer read at all.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS site_terms_site_length_trgm_idx ON site_terms USING gin (site_id, length(term), term gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS site_terms_term_trgm_idx;
