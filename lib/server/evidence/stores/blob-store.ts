/** Where sealed evidence bytes live when not in the database row. Keys are opaque paths. */
export interface BlobStore {
  readonly backend: "folder" | "s3";
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Succeeds when the object is already gone (retention may run twice). */
  delete(key: string): Promise<void>;
}
