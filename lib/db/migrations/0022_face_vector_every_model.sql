-- The pgvector column held the faces of one model only ('faceapi-resnet34', migration 0021): the
-- faces of every later model (describe-face.ts's FACE_MODEL, a new name whenever a change of crop
-- changes the vectors; issue 34) had no vector, so the HNSW search found none of them. It now holds
-- every 128-number embedding, whatever its model; searches still compare only FACE_MODEL's faces
-- (`where model = …`, face-search.ts), and older faces are described again from the face scan
-- still held (`npm run cli -- reembed-faces`) or never compared.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'network_faces' AND column_name = 'embedding_vec') THEN
    EXECUTE 'DROP INDEX IF EXISTS network_faces_embedding_hnsw_idx';
    EXECUTE 'ALTER TABLE network_faces DROP COLUMN embedding_vec';
    EXECUTE 'ALTER TABLE network_faces ADD COLUMN embedding_vec vector(128) GENERATED ALWAYS AS (CASE WHEN array_length(embedding, 1) = 128 THEN embedding::vector(128) END) STORED';
    EXECUTE 'CREATE INDEX network_faces_embedding_hnsw_idx ON network_faces USING hnsw (embedding_vec vector_cosine_ops)';
  END IF;
END
$$;
