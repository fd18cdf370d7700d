import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import { evidenceFiles } from "@/lib/db/schema";
import { SANDBOX_ARTEFACTS, sandboxArtefactBytes } from "../sandbox/artefacts";
import { fail, ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";
import { readEvidenceBytes } from "./read-evidence-bytes";

/*
 * GET /api/v1/artefacts/{key} (real-api.md): an evidence file's key, as verification records list
 * it, exchanged for a time-limited download link. The link carries no token: it is signed (HMAC
 * over the key, the owning team and mode, and the expiry) with a key derived from the deployment's
 * network key, so every process of one deployment checks it alike and nobody can make one. The
 * file is looked up under the caller's team and mode only: another team's key is "not found".
 */

export const ARTEFACT_LINK_SECONDS = 300;

export interface ArtefactLink {
  artefact_key: string;
  download_url: string;
  expires_at: string;
  expires_in_seconds: number;
}

let derived: { from: string; key: Buffer } | null = null;
function signingKey(): Buffer {
  const networkKey = getConfig().networkKey;
  if (derived?.from !== networkKey)
    derived = { from: networkKey, key: Buffer.from(hkdfSync("sha256", networkKey, "verity", "artefact download links v1", 32)) };
  return derived.key;
}

const signature = (key: string, owner: string, expires: number) =>
  createHmac("sha256", signingKey()).update(`${key}\n${owner}\n${expires}`).digest("base64url");
const ownerOf = (tenant: Tenant) => `${tenant.teamId}:${tenant.mode}`;

/** The canned sandbox files are the same for every team: signed for the sandbox as a whole. */
const SANDBOX_OWNER = "sandbox-samples";

export async function createArtefactLink(
  db: Db,
  tenant: Tenant,
  key: string,
  options: { publicBaseUrl: string; now?: Date },
): Promise<Result<ArtefactLink>> {
  const canned = tenant.mode === "sandbox" && key in SANDBOX_ARTEFACTS;
  if (!canned) {
    const [row] = await db
      .select({ id: evidenceFiles.id })
      .from(evidenceFiles)
      .where(and(eq(evidenceFiles.id, key), ofTenant(evidenceFiles, tenant)))
      .limit(1);
    if (!row) return fail("not_found", `Artefact ${key} not found`);
  }
  const now = options.now ?? new Date();
  const expires = Math.floor(now.getTime() / 1000) + ARTEFACT_LINK_SECONDS;
  const url = new URL(`/api/v1/artefacts/${encodeURIComponent(key)}/download`, options.publicBaseUrl);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", signature(key, canned ? SANDBOX_OWNER : ownerOf(tenant), expires));
  return ok({
    artefact_key: key,
    download_url: url.toString(),
    expires_at: new Date(expires * 1000).toISOString(),
    expires_in_seconds: ARTEFACT_LINK_SECONDS,
  });
}

export interface ArtefactDownload {
  bytes: Buffer;
  mimeType: string;
  sha256: string | null;
}

/** The file behind a download link, or why not: a link that is forged, altered or expired is refused (403). */
export async function openArtefactLink(
  db: Db,
  key: string,
  query: { expires?: string; signature?: string },
  now = new Date(),
): Promise<Result<ArtefactDownload>> {
  const expires = Number(query.expires);
  if (!query.signature || !Number.isSafeInteger(expires))
    return fail("forbidden", "This download link is incomplete: ask the API for a new one", { code: "bad_link" });
  if (expires * 1000 <= now.getTime())
    return fail("forbidden", "This download link has expired: ask the API for a new one", { code: "link_expired" });
  const matches = (owner: string) => {
    const want = Buffer.from(signature(key, owner, expires));
    const got = Buffer.from(query.signature!);
    return want.length === got.length && timingSafeEqual(want, got);
  };
  if (key in SANDBOX_ARTEFACTS && matches(SANDBOX_OWNER)) {
    return ok({ bytes: await sandboxArtefactBytes(key)!, mimeType: SANDBOX_ARTEFACTS[key]!.mimeType, sha256: null });
  }
  const [row] = await db.select().from(evidenceFiles).where(eq(evidenceFiles.id, key)).limit(1);
  // Unknown file and bad signature answer alike: a link cannot be used to learn which keys exist.
  if (!row || !matches(ownerOf(row)))
    return fail("forbidden", "This download link is not valid: ask the API for a new one", { code: "bad_link" });
  return ok({ bytes: await readEvidenceBytes(db, row), mimeType: row.mimeType, sha256: row.sha256 });
}
