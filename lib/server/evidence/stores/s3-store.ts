import type { BlobStore } from "./blob-store";

export interface S3StoreOptions {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO and most S3-compatible services want path-style addressing. */
  forcePathStyle: boolean;
  prefix: string;
}

// The SDK's shape we use, so this file compiles (and the app runs on the other stores) without it.
interface S3Sdk {
  S3Client: new (config: Record<string, unknown>) => {
    send(command: unknown): Promise<{ Body?: { transformToByteArray(): Promise<Uint8Array> } }>;
  };
  PutObjectCommand: new (input: Record<string, unknown>) => unknown;
  GetObjectCommand: new (input: Record<string, unknown>) => unknown;
  DeleteObjectCommand: new (input: Record<string, unknown>) => unknown;
}

const SDK = "@aws-sdk/client-s3";

/** An S3-compatible bucket through @aws-sdk/client-s3 (loaded on first use, so only S3 installs need it). */
export function s3Store(options: S3StoreOptions): BlobStore {
  let ready: Promise<{ sdk: S3Sdk; client: InstanceType<S3Sdk["S3Client"]> }> | null = null;
  const connect = () =>
    (ready ??= (async () => {
      const sdk = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ SDK)) as S3Sdk;
      const credentials =
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined;
      const client = new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials,
      });
      return { sdk, client };
    })());
  const Key = (key: string) => `${options.prefix}${key}`;
  return {
    backend: "s3",
    async put(key, bytes) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: options.bucket, Key: Key(key), Body: bytes, ContentType: "application/octet-stream" }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: Key(key) }));
      if (!answer.Body) throw new Error(`Evidence object ${key} has no body`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async delete(key) {
      const { sdk, client } = await connect();
      // S3 answers 204 for a missing key too, so a second retention run is harmless.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: Key(key) }));
    },
  };
}
