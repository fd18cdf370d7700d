import type { Db } from "@/lib/db";
import { apiClients, type Mode } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { newId, randomToken, sha256 } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import type { Actor, Tenant } from "../shared/tenant";

// spec 5.4: a sandbox secret starts with `sandbox-`; that prefix is what makes its tokens sandbox.
export const SANDBOX_SECRET_PREFIX = "sandbox-";
const LIVE_SECRET_PREFIX = "live-";

export function modeOfSecret(secret: string): Mode {
  return secret.startsWith(SANDBOX_SECRET_PREFIX) ? "sandbox" : "live";
}

export interface NewCredentials {
  id: string;
  name: string;
  mode: Mode;
  clientId: string;
  /** Shown once; only its hash is stored. */
  clientSecret: string;
  createdAt: Date;
}

export async function createApiClient(db: Db, tenant: Tenant, input: { name?: string; actor: Actor }): Promise<Result<NewCredentials>> {
  const name = (input.name ?? `${tenant.mode} key`).trim();
  if (name.length > 80) return fail("invalid", "Name too long", { detail: { name: "At most 80 characters" } });
  const clientSecret = (tenant.mode === "sandbox" ? SANDBOX_SECRET_PREFIX : LIVE_SECRET_PREFIX) + randomToken(32);
  const clientId = `cli_${randomToken(12)}`;
  return db.transaction(async (tx) => {
    const team = await tx.query.teams.findFirst({ where: (t, { eq }) => eq(t.id, tenant.teamId) });
    if (!team) return fail("not_found", `No team ${tenant.teamId}`);
    const [row] = await tx
      .insert(apiClients)
      .values({
        id: newId("key"),
        teamId: tenant.teamId,
        mode: tenant.mode,
        name,
        clientId,
        secretHash: sha256(clientSecret),
        secretHint: clientSecret.slice(-4),
      })
      .returning();
    await recordAudit(tx, { ...tenant, actor: input.actor, action: "api_client.created", targetType: "api_client", targetId: clientId });
    return ok({ id: row!.id, name, mode: tenant.mode, clientId, clientSecret, createdAt: row!.createdAt });
  });
}
