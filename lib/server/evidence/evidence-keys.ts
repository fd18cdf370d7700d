import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { getConfig } from "@/lib/config";

/*
 * Evidence is encrypted at rest with AES-256-GCM under a key named by an id, so keys rotate: new
 * evidence is sealed with the current key, older evidence stays readable while its key is listed,
 * and `resealEvidence` moves it to the current key.
 *
 * EVIDENCE_KEYS="k2026a:<base64 32 bytes>,k2026b:<base64 32 bytes>"  EVIDENCE_KEY_ID="k2026b"
 * Without them: the embedded database keeps a key beside its data (like the network key);
 * PostgreSQL outside production uses a fixed development key; production on PostgreSQL must set them.
 */

export interface EvidenceKeyring {
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

const KEY_ID = /^[A-Za-z0-9_.-]{1,40}$/;

export function parseEvidenceKeys(env: { EVIDENCE_KEYS?: string; EVIDENCE_KEY_ID?: string }): EvidenceKeyring | null {
  const listed = (env.EVIDENCE_KEYS ?? "").trim();
  if (!listed) return null;
  const keys = new Map<string, Buffer>();
  for (const entry of listed.split(",")) {
    const [id = "", secret = ""] = entry.trim().split(":");
    if (!KEY_ID.test(id)) throw new Error(`EVIDENCE_KEYS: "${id}" is not a key id (letters, digits, _ . -)`);
    const key = Buffer.from(secret, "base64");
    if (key.length !== 32) throw new Error(`EVIDENCE_KEYS: key ${id} must be 32 bytes in base64 (openssl rand -base64 32)`);
    keys.set(id, key);
  }
  const currentId = env.EVIDENCE_KEY_ID?.trim() || [...keys.keys()].at(-1)!;
  if (!keys.has(currentId)) throw new Error(`EVIDENCE_KEY_ID: ${currentId} is not one of EVIDENCE_KEYS`);
  return { currentId, keys };
}

// Next bundles its own copies of modules: one keyring per process, on globalThis.
const HOLDER = Symbol.for("idv.evidenceKeyring");

export function getEvidenceKeyring(): EvidenceKeyring {
  const holder = globalThis as { [HOLDER]?: EvidenceKeyring };
  return (holder[HOLDER] ??= loadKeyring());
}

/** For tests: use this keyring (null: read the environment again). */
export function setEvidenceKeyring(keyring: EvidenceKeyring | null): void {
  const holder = globalThis as { [HOLDER]?: EvidenceKeyring };
  if (keyring) holder[HOLDER] = keyring;
  else delete holder[HOLDER];
}

function loadKeyring(): EvidenceKeyring {
  const fromEnv = parseEvidenceKeys({ EVIDENCE_KEYS: process.env.EVIDENCE_KEYS, EVIDENCE_KEY_ID: process.env.EVIDENCE_KEY_ID });
  if (fromEnv) return fromEnv;
  const config = getConfig();
  if (config.database.kind === "postgres") {
    if (config.nodeEnv === "production")
      throw new Error("EVIDENCE_KEYS is required in production with DATABASE_URL (evidence is encrypted at rest)");
    return { currentId: "dev", keys: new Map([["dev", Buffer.alloc(32, 7)]]) };
  }
  return { currentId: "local", keys: new Map([["local", persistedKey(config.dataDir)]]) };
}

function persistedKey(dataDir: string): Buffer {
  const file = path.join(dataDir, "evidence-key");
  try {
    return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    try {
      fs.writeFileSync(file, key.toString("base64"), { mode: 0o600, flag: "wx" });
      return key;
    } catch {
      return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64"); // another copy wrote it first
    }
  }
}
