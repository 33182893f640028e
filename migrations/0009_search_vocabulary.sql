-- Issue 19: a per-site vocabulary (every word of the site's chunks with the number of chunks containing it) for typo
-- correction through pg_trgm, kept by statement triggers on chunks so ingest, replacement, deletion and site deletion
-- all maintain it in their own transaction; and per-site synonyms.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE sites ADD COLUMN IF NOT EXISTS synonyms jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
-- No foreign key to sites: deleting a site deletes its chunks, whose trigger takes every word back to zero and removes it.
CREATE TABLE IF NOT EXISTS site_terms (
  site_id text NOT NULL,
  term text NOT NULL,
  chunks integer NOT NULL,
  PRIMARY KEY (site_id, term)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS site_terms_term_trgm_idx ON site_terms USING gin (term gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS site_terms_unused_idx ON site_terms (site_id) WHERE chunks <= 0;
--> statement-breakpoint
-- Words as the 'simple' configuration splits them (lower-cased, unstemmed): what a visitor types, so what a typo is near.
-- Both triggers change rows through an upsert in key order, so two transactions touching the same words lock them
-- in the same order and cannot deadlock.
CREATE OR REPLACE FUNCTION site_terms_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_terms (site_id, term, chunks)
  SELECT n.site_id, t.lexeme, count(*)::int
  FROM new_chunks n, unnest(to_tsvector('simple', n.search_text)) AS t(lexeme, positions, weights)
  WHERE length(t.lexeme) BETWEEN 2 AND 40
  GROUP BY n.site_id, t.lexeme
  ORDER BY n.site_id, t.lexeme
  ON CONFLICT (site_id, term) DO UPDATE SET chunks = site_terms.chunks + EXCLUDED.chunks;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_terms_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT o.site_id, t.lexeme AS term, count(*)::int AS n
    FROM old_chunks o, unnest(to_tsvector('simple', o.search_text)) AS t(lexeme, positions, weights)
    WHERE length(t.lexeme) BETWEEN 2 AND 40
    GROUP BY o.site_id, t.lexeme
  )
  INSERT INTO site_terms (site_id, term, chunks)
  SELECT s.site_id, s.term, -g.n FROM gone g JOIN site_terms s ON s.site_id = g.site_id AND s.term = g.term
  ORDER BY s.site_id, s.term
  ON CONFLICT (site_id, term) DO UPDATE SET chunks = site_terms.chunks + EXCLUDED.chunks;
  DELETE FROM site_terms s USING (SELECT DISTINCT site_id FROM old_chunks) o WHERE s.site_id = o.site_id AND s.chunks <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chunks_site_terms_insert AFTER INSERT ON chunks REFERENCING NEW TABLE AS new_chunks
  FOR EACH STATEMENT EXECUTE FUNCTION site_terms_after_insert();
--> statement-breakpoint
CREATE TRIGGER chunks_site_terms_delete AFTER DELETE ON chunks REFERENCING OLD TABLE AS old_chunks
  FOR EACH STATEMENT EXECUTE FUNCTION site_terms_after_delete();
--> statement-breakpoint
INSERT INTO site_terms (site_id, term, chunks)
SELECT c.site_id, t.lexeme, count(*)::int
FROM chunks c, unnest(to_tsvector('simple', c.search_text)) AS t(lexeme, positions, weights)
WHERE length(t.lexeme) BETWEEN 2 AND 40
GROUP BY c.site_id, t.lexeme
ON CONFLICT (site_id, term) DO NOTHING;
