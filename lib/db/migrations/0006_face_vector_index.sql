-- Face search (issue 7). Where the pgvector extension can be created (PGlite loads it; managed
-- PostgreSQL normally ships it), network_faces gets a vector column generated from `embedding`
-- and an HNSW index for cosine distance. Where it cannot (Debian's PostgreSQL 15 here), nothing is
-- added and lib/server/network/face-search.ts searches `embedding` exactly. The same migration
-- applies to both; the app asks the catalogue which one it has.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS vector;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pgvector is not available (%): face search will be exact', SQLERRM;
    RETURN;
  END;
  EXECUTE 'ALTER TABLE network_faces ADD COLUMN IF NOT EXISTS embedding_vec vector(1024) GENERATED ALWAYS AS (embedding::vector(1024)) STORED';
  EXECUTE 'CREATE INDEX IF NOT EXISTS network_faces_embedding_hnsw_idx ON network_faces USING hnsw (embedding_vec vector_cosine_ops)';
END
$$;
