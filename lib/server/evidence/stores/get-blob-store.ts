import path from "node:path";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import type { BlobStore } from "./blob-store";
import { folderStore } from "./folder-store";
import { s3Store } from "./s3-store";

/*
 * EVIDENCE_STORE=database (default) | folder | s3. folder: EVIDENCE_DIR (default DATA_DIR/evidence).
 * s3: S3_BUCKET, S3_REGION (default us-east-1), S3_ENDPOINT (MinIO and others), S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY (else the SDK's default chain), S3_FORCE_PATH_STYLE, S3_PREFIX.
 */
const envSchema = z
  .object({
    EVIDENCE_STORE: z.enum(["database", "folder", "s3"]).default("database"),
    EVIDENCE_DIR: z.string().optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default("us-east-1"),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
    S3_PREFIX: z.string().default("evidence/"),
  })
  .refine((env) => env.EVIDENCE_STORE !== "s3" || env.S3_BUCKET, { message: "EVIDENCE_STORE=s3 needs S3_BUCKET", path: ["S3_BUCKET"] });

export function blobStoreFromEnv(env: Record<string, string | undefined>, dataDir: string): BlobStore | null {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.parse(cleaned);
  if (parsed.EVIDENCE_STORE === "database") return null;
  if (parsed.EVIDENCE_STORE === "folder")
    return folderStore(path.resolve(/* turbopackIgnore: true */ parsed.EVIDENCE_DIR ?? path.join(dataDir, "evidence")));
  return s3Store({
    bucket: parsed.S3_BUCKET!,
    region: parsed.S3_REGION,
    endpoint: parsed.S3_ENDPOINT,
    accessKeyId: parsed.S3_ACCESS_KEY_ID,
    secretAccessKey: parsed.S3_SECRET_ACCESS_KEY,
    forcePathStyle: parsed.S3_FORCE_PATH_STYLE ? parsed.S3_FORCE_PATH_STYLE === "true" : !!parsed.S3_ENDPOINT,
    prefix: parsed.S3_PREFIX,
  });
}

const HOLDER = Symbol.for("idv.evidenceBlobStore");

/** The process's store for evidence bytes; null = in the database row. */
export function getBlobStore(): BlobStore | null {
  const holder = globalThis as { [HOLDER]?: BlobStore | null };
  if (holder[HOLDER] === undefined) holder[HOLDER] = blobStoreFromEnv(process.env, getConfig().dataDir);
  return holder[HOLDER];
}

/** For tests: use this store (undefined: read the environment again). */
export function setBlobStore(store: BlobStore | null | undefined): void {
  const holder = globalThis as { [HOLDER]?: BlobStore | null };
  if (store === undefined) delete holder[HOLDER];
  else holder[HOLDER] = store;
}
