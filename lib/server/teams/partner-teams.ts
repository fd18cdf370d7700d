import { eq } from "drizzle-orm";
import type { CreateTeamRequest, CreateTeamResponse, TeamView } from "@/lib/contract";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import { teams, type Team } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { createApiClient } from "../auth/create-api-client";
import { sendInvitation } from "../console/invite-member";
import { createMailer } from "../mail/create-mailer";
import type { Mailer } from "../mail/mailer";
import { fail, ok, type Result } from "../shared/result";
import type { Actor, Tenant } from "../shared/tenant";
import { createWorkflow } from "../verifications/create-workflow";
import type { WorkflowStep } from "../verifications/workflows";
import { createTeam } from "./create-team";

/*
 * GET /api/v1/team and POST /api/v1/team (real-api.md, issue 16). Reading answers the caller's own
 * team. Creating is for partner teams (marked by the platform operator: `npm run cli -- set-partner`):
 * the new team, one credential in the caller's mode (its secret answered once), the workflow of the
 * chosen template, all in one transaction; then each named admin gets an invitation email to the
 * console (a failed email does not undo the team: the invitation can be sent again from the console).
 */

/** The workflow each template gives a new team (its id is the template's name in kebab case). */
export const FLOW_TEMPLATE_STEPS: Record<NonNullable<CreateTeamRequest["flow_template"]>, { name: string; steps: WorkflowStep[] }> = {
  KYC_AML: { name: "KYC and AML: photo ID, selfie and address", steps: ["photo_id", "video_selfie", "address_evidence"] },
  RIGHT_TO_WORK: { name: "Right to work: photo ID and selfie", steps: ["photo_id", "video_selfie"] },
  RIGHT_TO_RENT: { name: "Right to rent: photo ID and selfie", steps: ["photo_id", "video_selfie"] },
  DBS_CHECK: { name: "DBS check: photo ID, selfie and address", steps: ["photo_id", "video_selfie", "address_evidence"] },
};

export function teamView(team: Team): TeamView {
  return {
    id: team.id,
    name: team.name,
    public_name: team.publicName ?? team.name,
    plan: team.plan as TeamView["plan"],
    logo_url: team.logoUrl ?? "",
    created_at: team.createdAt.toISOString(),
    updated_at: team.updatedAt.toISOString(),
  };
}

export async function getTeamView(db: Db, tenant: Tenant): Promise<Result<TeamView>> {
  const [team] = await db.select().from(teams).where(eq(teams.id, tenant.teamId)).limit(1);
  return team ? ok(teamView(team)) : fail("not_found", "Team not found");
}

export async function createPartnerTeam(
  db: Db,
  tenant: Tenant,
  input: CreateTeamRequest,
  options: { actor: Actor; publicBaseUrl: string; mailer?: Mailer; now?: Date },
): Promise<Result<CreateTeamResponse>> {
  const [partner] = await db.select().from(teams).where(eq(teams.id, tenant.teamId)).limit(1);
  if (!partner?.partner) return fail("forbidden", "Only a partner team can create teams: ask the platform operator");
  const admins = [...new Set(input.team_admin_emails.map((e) => e.trim().toLowerCase()))];
  const created = await db.transaction(async (tx) => {
    const team = await createTeam(tx, { name: input.name, actor: options.actor });
    if (!team.ok) return team;
    const [profiled] = await tx
      .update(teams)
      .set({ publicName: input.public_name ?? null, logoUrl: input.logo_url ?? null, parentTeamId: partner.id, updatedAt: new Date() })
      .where(eq(teams.id, team.value.id))
      .returning();
    const child = { teamId: team.value.id, mode: tenant.mode };
    const credentials = await createApiClient(tx, child, { name: `${partner.name} integration`, actor: options.actor });
    if (!credentials.ok) return credentials;
    if (input.flow_template) {
      const template = FLOW_TEMPLATE_STEPS[input.flow_template];
      const workflow = await createWorkflow(tx, child, {
        id: input.flow_template.toLowerCase().replace(/_/g, "-"),
        name: template.name,
        steps: template.steps,
        actor: options.actor,
      });
      if (!workflow.ok) return workflow;
    }
    await recordAudit(tx, {
      teamId: partner.id,
      mode: tenant.mode,
      actor: options.actor,
      action: "team.created_for_partner",
      targetType: "team",
      targetId: team.value.id,
      metadata: { admins: admins.length },
    });
    return ok({ team: profiled!, credentials: credentials.value });
  });
  if (!created.ok) return created;
  const { team, credentials } = created.value;

  const mailer = options.mailer ?? createMailer(db, getConfig().mail);
  for (const email of admins) {
    await sendInvitation(db, {
      teamId: team.id,
      teamName: team.publicName ?? team.name,
      email,
      role: "admin",
      invitedBy: `api:${options.actor.id ?? "client"}`,
      inviterName: partner.name,
      secret: getConfig().auth.secret,
      baseUrl: options.publicBaseUrl,
      mailer,
      now: options.now,
    }).catch((error: unknown) => console.error(`[teams] the invitation to ${email} could not be sent:`, error));
  }
  return ok({
    id: team.id,
    name: team.name,
    ...(team.publicName ? { public_name: team.publicName } : {}),
    created_at: team.createdAt.toISOString(),
    credentials: {
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      environment: credentials.mode,
      name: credentials.name,
    },
  });
}

/** The platform operator marks (or unmarks) a partner team (CLI). */
export async function setPartner(db: Db, teamId: string, partner: boolean, actor: Actor): Promise<Result<Team>> {
  return db.transaction(async (tx) => {
    const [team] = await tx.update(teams).set({ partner, updatedAt: new Date() }).where(eq(teams.id, teamId)).returning();
    if (!team) return fail("not_found", `No team ${teamId}`);
    await recordAudit(tx, {
      teamId,
      actor,
      action: partner ? "team.partner_granted" : "team.partner_revoked",
      targetType: "team",
      targetId: teamId,
    });
    return ok(team);
  });
}
