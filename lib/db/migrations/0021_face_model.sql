-- Faces record the model that described them (issue 26): the embeddings stored so far are Human's
-- faceres (1024 numbers); new ones are face-api's ResNet-34 (128). Searches compare only the
-- current model's faces; `npm run cli -- reembed-faces` re-describes old faces from the evidence
-- still held. Where pgvector exists, the generated vector column follows the new length: it holds
-- the ResNet-34 faces (NULL for any other model, which the HNSW index leaves out).
ALTER TABLE "network_faces" ADD COLUMN "model" text NOT NULL DEFAULT 'human-faceres';--> statement-breakpoint
ALTER TABLE "network_faces" ALTER COLUMN "model" DROP DEFAULT;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'network_faces' AND column_name = 'embedding_vec') THEN
    EXECUTE 'DROP INDEX IF EXISTS network_faces_embedding_hnsw_idx';
    EXECUTE 'ALTER TABLE network_faces DROP COLUMN embedding_vec';
    EXECUTE 'ALTER TABLE network_faces ADD COLUMN embedding_vec vector(128) GENERATED ALWAYS AS (CASE WHEN model = ''faceapi-resnet34'' AND array_length(embedding, 1) = 128 THEN embedding::vector(128) END) STORED';
    EXECUTE 'CREATE INDEX network_faces_embedding_hnsw_idx ON network_faces USING hnsw (embedding_vec vector_cosine_ops)';
  END IF;
END
$$;
