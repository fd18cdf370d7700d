import type { Db } from "@/lib/db";
import { accountAlerts, hostedAttempts, monitoredAccounts, outboundEmails, vouches, workflows } from "@/lib/db/schema";
import { addBlocklistEntry } from "@/lib/server/blocklist/add-blocklist-entry";
import { storeEvidence } from "@/lib/server/evidence/store-evidence";
import { randomToken } from "@/lib/server/shared/crypto";
import { addStaffMember } from "@/lib/server/teams/add-staff-member";
import { applyTransition } from "@/lib/server/verifications/apply-transition";
import { setWebhookEndpoint } from "@/lib/server/webhooks/set-webhook-endpoint";
import { call, seedTeam, tokenFor, type TestApi } from "./api";

export type Mode = "live" | "sandbox";
export const MODES: readonly Mode[] = ["live", "sandbox"];

/** What one team holds in one mode, made through the API where the API can make it. */
export interface ModeData {
  token: string;
  clientId: string;
  verificationIds: string[];
  riskAssessmentIds: string[];
  accountIds: string[];
  alertIds: string[];
  messageIds: string[];
}

export interface SeededTeam {
  teamId: string;
  name: string;
  modes: Record<Mode, ModeData>;
}

/** What the console reaches by id beyond the API's resources. */
export interface ConsoleModeData {
  /** A case the team's checks flagged: it waits for a review (Refused). */
  refusedCaseId: string;
  evidenceIds: string[];
  attemptIds: string[];
  vouchIds: string[];
  workflowId: string;
}

export interface ConsoleTeamData {
  ownerId: string;
  /** Another member, whom an owner could remove or change. */
  memberId: string;
  emailIds: string[];
  blocklistEntryIds: string[];
  modes: Record<Mode, ConsoleModeData>;
}

let counter = 0;

/**
 * A team with data in both modes: two verification cases (each with its `Created` webhook
 * message, as the team has a webhook URL), a risk assessment, and two monitored accounts with an
 * alert. `webhookUrl` must be reachable under the app's loopback setting.
 */
export async function seedTeamWithData(db: Db, app: TestApi, name: string, webhookUrl: string): Promise<SeededTeam> {
  const { team, live, sandbox } = await seedTeam(db, name);
  const credentials = { live, sandbox };
  const modes = {} as Record<Mode, ModeData>;
  for (const mode of MODES) {
    const tenant = { teamId: team.id, mode };
    const endpoint = await setWebhookEndpoint(db, { tenant, actor: { type: "system" }, url: webhookUrl, allowLoopback: true });
    if (!endpoint.ok) throw new Error(endpoint.error.message);
    const token = await tokenFor(app, credentials[mode]);
    const data: ModeData = {
      token,
      clientId: credentials[mode].clientId,
      verificationIds: [],
      riskAssessmentIds: [],
      accountIds: [],
      alertIds: [],
      messageIds: [],
    };
    for (let i = 0; i < 2; i++) {
      const created = await call(app, "POST", "/api/v1/verifications", {
        token,
        json: { email: `${name.toLowerCase()}.${mode}.${i}@example.com`, workflow_id: "sandbox-flow", external_id: `${name}-${mode}-${i}` },
      });
      if (created.status !== 201) throw new Error(`create verification: ${created.status} ${JSON.stringify(created.body)}`);
      data.verificationIds.push(created.body.id);
    }
    const form = new FormData();
    for (const [k, v] of Object.entries({
      first_name: name,
      last_name: "Person",
      email: `${name.toLowerCase()}.${mode}.risk@example.com`,
      date_of_birth: "1990-01-31",
    }))
      form.set(k, v);
    const risk = await call(app, "POST", "/api/v2/risk", { token, body: form });
    if (risk.status !== 201) throw new Error(`risk: ${risk.status} ${JSON.stringify(risk.body)}`);
    data.riskAssessmentIds.push(risk.body.id);
    for (let i = 0; i < 2; i++) {
      const id = `acc_${name.toLowerCase()}_${mode}_${i}_${++counter}`;
      const alertId = `alert_${name.toLowerCase()}_${mode}_${i}_${counter}`;
      await db.insert(monitoredAccounts).values({
        id,
        teamId: team.id,
        mode,
        firstName: `${name}-${mode}`,
        lastName: `Account${i}`,
        status: "New",
        riskType: "sanction",
        alertsEnabledAt: new Date(),
      });
      await db.insert(accountAlerts).values({ id: alertId, teamId: team.id, mode, accountId: id, matches: [] });
      data.accountIds.push(id);
      data.alertIds.push(alertId);
    }
    const messages = await call(app, "GET", "/api/v1/webhooks/messages", { token });
    if (messages.status !== 200) throw new Error(`messages: ${messages.status}`);
    data.messageIds.push(...(messages.body.messages as { id: string }[]).map((m) => m.id));
    if (data.messageIds.length === 0) throw new Error("no webhook message was recorded");
    modes[mode] = data;
  }
  return { teamId: team.id, name, modes };
}

const SYSTEM = { type: "system" as const };

/**
 * The rows behind the console's pages and actions that take an id: staff (an owner and a
 * member), a case waiting for review, evidence files of a case and of a risk assessment, a
 * hosted attempt, a vouch, a team workflow, a mailbox email and a blocklist entry.
 */
export async function seedConsoleData(db: Db, team: SeededTeam, networkKey: string): Promise<ConsoleTeamData> {
  const tag = team.name.toLowerCase();
  const owner = await addStaffMember(db, {
    teamId: team.teamId,
    email: `owner.${tag}.${randomToken(4).toLowerCase()}@example.com`,
    password: "correct horse battery",
    role: "owner",
    actor: SYSTEM,
  });
  const other = await addStaffMember(db, {
    teamId: team.teamId,
    email: `viewer.${tag}.${randomToken(4).toLowerCase()}@example.com`,
    password: "correct horse battery",
    role: "viewer",
    actor: SYSTEM,
  });
  if (!owner.ok || !other.ok) throw new Error("staff");
  const modes = {} as Record<Mode, ConsoleModeData>;
  for (const mode of MODES) {
    const tenant = { teamId: team.teamId, mode };
    const [caseId, refereeCaseId] = team.modes[mode].verificationIds as [string, string];
    for (const action of ["complete", "flag"] as const) {
      const step = await applyTransition(db, { tenant, verificationId: caseId, action, actor: SYSTEM });
      if (!step.ok) throw new Error(step.error.message);
    }
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const evidenceIds = [
      await storeEvidence(db, { tenant, ownerType: "verification", ownerId: caseId, role: "document", mimeType: "image/png", bytes: png }),
      await storeEvidence(db, {
        tenant,
        ownerType: "risk_assessment",
        ownerId: team.modes[mode].riskAssessmentIds[0]!,
        role: "face_scan",
        mimeType: "image/png",
        bytes: png,
      }),
    ];
    const attemptId = `att_${tag}_${mode}_${randomToken(4)}`;
    await db.insert(hostedAttempts).values({
      id: attemptId,
      teamId: team.teamId,
      mode,
      verificationId: caseId,
      step: "photo_id",
      outcome: "retake",
      reason: `${team.name} ${mode} attempt`,
    });
    const vouchId = `vch_${tag}_${mode}_${randomToken(4)}`;
    await db.insert(vouches).values({
      id: vouchId,
      teamId: team.teamId,
      mode,
      verificationId: caseId,
      refereeVerificationId: refereeCaseId,
      kind: "personal_referee",
      refereeName: `${team.name} ${mode} referee`,
      refereeEmail: `referee.${tag}.${mode}@example.com`,
      relationship: "friend",
      knownYears: "5",
    });
    const workflowId = `${tag}-${mode}-flow`;
    await db
      .insert(workflows)
      .values({ teamId: team.teamId, mode, id: workflowId, name: `${team.name} ${mode} flow`, steps: ["photo_id"] });
    modes[mode] = { refusedCaseId: caseId, evidenceIds, attemptIds: [attemptId], vouchIds: [vouchId], workflowId };
  }
  const emailId = `mail_${tag}_${randomToken(4)}`;
  await db.insert(outboundEmails).values({
    id: emailId,
    teamId: team.teamId,
    to: `someone.${tag}@example.com`,
    subject: `${team.name} mail`,
    text: `${team.name} body`,
    transport: "local",
    status: "stored",
  });
  const entry = await addBlocklistEntry(db, {
    by: { staff: { userId: owner.value.userId }, teamId: team.teamId },
    subject: { kind: "email", email: `blocked.${tag}@example.com` },
    reason: `${team.name} reason`,
    networkKey,
  });
  if (!entry.ok) throw new Error(entry.error.message);
  return {
    ownerId: owner.value.userId,
    memberId: other.value.userId,
    emailIds: [emailId],
    blocklistEntryIds: [entry.value.entry.id],
    modes,
  };
}
