import type { Db } from "@/lib/db";
import { hostedHandoffs } from "@/lib/db/schema";
import { newId, randomToken, sha256 } from "../shared/crypto";
import type { HostedFlow } from "./load-hosted-flow";

export const HANDOFF_TTL_MS = 15 * 60_000;

/**
 * A single-use, short-lived link that opens this case on another device (desktop → phone). Only
 * its hash is stored; the code is in the link (and the QR code) alone.
 */
export async function createHandoff(
  db: Db,
  flow: HostedFlow,
  options: { baseUrl: string; now?: Date },
): Promise<{ link: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const code = randomToken(24);
  const expiresAt = new Date(now.getTime() + HANDOFF_TTL_MS);
  await db.insert(hostedHandoffs).values({
    id: newId("hho"),
    teamId: flow.tenant.teamId,
    mode: flow.tenant.mode,
    verificationId: flow.verificationId,
    codeHash: sha256(code),
    expiresAt,
    createdAt: now,
  });
  return { link: `${options.baseUrl.replace(/\/+$/, "")}/verify/h/${code}`, expiresAt };
}
