import fs from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "./blob-store";

/** A local folder (or a mounted volume); objects are written to a temporary name, then renamed. */
export function folderStore(root: string): BlobStore {
  const resolve = (key: string) => {
    if (!/^[A-Za-z0-9_/.-]+$/.test(key) || key.includes("..")) throw new Error(`Bad evidence object key ${key}`);
    return path.join(root, key);
  };
  return {
    backend: "folder",
    async put(key, bytes) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, bytes, { mode: 0o600 });
      await fs.rename(temporary, file);
    },
    get: (key) => fs.readFile(resolve(key)),
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
