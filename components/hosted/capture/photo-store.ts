"use client";

// The photo ID step's photos, kept in this browser (IndexedDB) between taking them and sending
// them, so reloading the page (or the phone dropping the tab) does not lose them. Only on this
// device, for at most an hour, and deleted as soon as they are sent or the step ends.
import type { QualityHint } from "./quality";

export type StoredSide = "front" | "back";

export interface StoredPhotos {
  kind: "passport" | "national_id" | "driving_licence";
  images: Partial<Record<StoredSide, { blob: Blob; hints: QualityHint[]; source: "camera" | "file" }>>;
  savedAt: number;
}

const DB = "verity-hosted";
const STORE = "photos";
export const KEEP_MS = 60 * 60_000;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") return reject(new Error("no IndexedDB"));
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB failed"));
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error("IndexedDB failed"));
    });
  } finally {
    db.close();
  }
}

/** Best effort: a browser without storage (private mode, quota) simply does not keep them. */
export async function savePhotos(key: string, photos: Omit<StoredPhotos, "savedAt">): Promise<void> {
  await run("readwrite", (s) => s.put({ ...photos, savedAt: Date.now() }, key)).catch(() => undefined);
}

export async function loadPhotos(key: string, now = Date.now()): Promise<StoredPhotos | null> {
  const found = (await run<StoredPhotos | undefined>("readonly", (s) => s.get(key)).catch(() => undefined)) ?? null;
  if (found && now - found.savedAt > KEEP_MS) {
    await clearPhotos(key);
    return null;
  }
  return found;
}

export async function clearPhotos(key: string): Promise<void> {
  await run("readwrite", (s) => s.delete(key)).catch(() => undefined);
}
