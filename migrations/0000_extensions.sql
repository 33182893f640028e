-- Extensions the schema needs. pgvector is required; pg_textsearch (BM25) is used where the server has it,
-- and PostgreSQL's built-in full-text search serves otherwise (see server/adapters/postgres/lexical-index-factory.ts).
CREATE EXTENSION IF NOT EXISTS vector;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_textsearch') THEN
    CREATE EXTENSION IF NOT EXISTS pg_textsearch;
  END IF;
END
$$;
