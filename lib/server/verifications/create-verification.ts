import type { CreateVerificationRequest, CreateVerificationResponse } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { verificationEvents, verifications } from "@/lib/db/schema";
import { getConfig } from "@/lib/config";
import { recordAudit } from "../audit/record-audit";
import { emailKey, identityKey } from "../network/keys";
import { recordObservation } from "../network/record-observation";
import { newId, randomToken, randomUUID } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import type { Actor, Tenant } from "../shared/tenant";
import { notifyOutbox, recordWebhookEvent } from "../webhooks/outbox";
import { toVerificationRecord } from "./to-record";
import { findWorkflow } from "./workflows";

const DEFAULT_LIFETIME_MS = 7 * 24 * 3600 * 1000; // wire-details: expires_at defaults to 7 days

export interface CreateVerificationOptions {
  tenant: Tenant;
  input: CreateVerificationRequest;
  actor: Actor;
  /** Base of the hosted flow's URL, for example https://idv.example.com. */
  publicBaseUrl: string;
  now?: Date;
}

/** spec 4.2: opens a case and returns the hosted URL the user is sent to. */
export async function createVerification(db: Db, options: CreateVerificationOptions): Promise<Result<CreateVerificationResponse>> {
  const { tenant, input, actor } = options;
  const workflowId = (input.workflow_id ?? input.flow_id)!;
  const workflow = await findWorkflow(db, tenant, workflowId);
  if (!workflow) return fail("invalid", `Unknown workflow_id "${workflowId}"`, { detail: { workflow_id: "Unknown workflow" } });
  if (workflow.archivedAt)
    return fail("invalid", `Workflow "${workflowId}" is archived`, {
      detail: { workflow_id: "Archived: restore it in the console or choose another" },
    });
  const now = options.now ?? new Date();
  const expiresAt = input.expires_at ? new Date(input.expires_at) : new Date(now.getTime() + DEFAULT_LIFETIME_MS);
  if (expiresAt <= now) return fail("invalid", "expires_at must be in the future", { detail: { expires_at: "Must be in the future" } });

  const result = await db.transaction(async (tx) => {
    const team = await tx.query.teams.findFirst({ where: (t, { eq }) => eq(t.id, tenant.teamId) });
    if (!team) return fail("not_found", "Team not found");
    const id = randomUUID();
    const hostedToken = randomToken(24);
    const address = input.address;
    const [row] = await tx
      .insert(verifications)
      .values({
        id,
        teamId: tenant.teamId,
        mode: tenant.mode,
        email: input.email,
        workflowId,
        status: "InProgress",
        redirectUrl: input.redirect_url ?? team.defaultRedirectUrl ?? null,
        externalId: input.external_id ?? null,
        hostedToken,
        claimDetails: {
          first_name: input.first_name ?? null,
          last_name: input.last_name ?? null,
          date_of_birth: input.date_of_birth ?? null,
          email: input.email,
          phone_number: null,
          address: address ?? null,
          first_line_of_address: address
            ? [address.residence_number ?? address.building_name, address.street].filter(Boolean).join(" ") || null
            : null,
          postcode: address?.postcode ?? null,
        },
        createdAt: now,
        updatedAt: now,
        expiresAt,
      })
      .returning();
    await tx.insert(verificationEvents).values({
      id: newId("vev"),
      teamId: tenant.teamId,
      mode: tenant.mode,
      verificationId: id,
      event: "Created",
      fromStatus: null,
      toStatus: "InProgress",
      actorType: actor.type,
      actorId: actor.id ?? null,
      createdAt: now,
    });
    await recordAudit(tx, { ...tenant, actor, action: "verification.created", targetType: "verification", targetId: id });
    if (tenant.mode === "live") {
      // The fraud network sees every live case (keys only), like every live assessment.
      const { networkKey } = getConfig();
      await recordObservation(tx, {
        teamId: tenant.teamId,
        source: "verification",
        sourceId: id,
        emailKey: emailKey(networkKey, input.email),
        identityKey: identityKey(networkKey, { firstName: input.first_name, lastName: input.last_name, dateOfBirth: input.date_of_birth }),
        now,
      });
    }
    // spec 6: `Created` carries the whole record; written in this transaction, sent after commit.
    await recordWebhookEvent(tx, {
      tenant,
      event: "Created",
      verificationId: id,
      payload: { event: "Created", ...toVerificationRecord(row!) },
    });
    return ok({
      url: `${options.publicBaseUrl}/verify/${hostedToken}`,
      id,
      expires_at: expiresAt.toISOString(),
      flow_id: workflowId,
      workflow_id: workflowId,
    });
  });
  if (result.ok) notifyOutbox();
  return result;
}
