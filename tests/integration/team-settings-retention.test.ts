import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import {
  networkFaces,
  networkIdentities,
  accountAlerts,
  auditLog,
  evidenceFiles,
  monitoredAccounts,
  riskAssessments,
  smartLookups,
  teamSettings,
  verificationEvents,
  verifications,
  webhookAttempts,
  webhookMessages,
  type Mode,
  type Role,
  type WebhookMessageStatus,
} from "@/lib/db/schema";
import { runCli } from "@/lib/server/cli/run-cli";
import { newId, randomToken } from "@/lib/server/shared/crypto";
import { applyRetention } from "@/lib/server/settings/apply-retention";
import { getCachedRiskSettings, getRiskSettings } from "@/lib/server/settings/get-risk-settings";
import { startRetentionSchedule } from "@/lib/server/settings/schedule-retention";
import { updateRiskSettings } from "@/lib/server/settings/update-risk-settings";
import { addStaffMember } from "@/lib/server/teams/add-staff-member";
import { createTeam } from "@/lib/server/teams/create-team";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

const SYSTEM = { type: "system" as const };
const DAY = 86_400_000;

async function member(db: Db, teamId: string, role: Role) {
  const added = await addStaffMember(db, {
    teamId,
    email: `${role}-${randomToken(4)}@settings.test`.toLowerCase(),
    password: "correct horse battery",
    role,
    actor: SYSTEM,
  });
  if (!added.ok) throw new Error(added.error.message);
  return { userId: added.value.userId };
}

async function seedTeam(db: Db, name: string) {
  const team = await createTeam(db, { name, actor: SYSTEM });
  if (!team.ok) throw new Error(team.error.message);
  return { team: team.value };
}

const ago = (days: number) => new Date(Date.now() - days * DAY);

/** A case with a timeline entry, two evidence images and a webhook message of each status given. */
async function storedCase(db: Db, teamId: string, mode: Mode, createdAt: Date, statuses: WebhookMessageStatus[] = ["delivered"]) {
  const id = randomUUID();
  await db.insert(verifications).values({
    id,
    teamId,
    mode,
    email: `${id.slice(0, 8)}@example.com`,
    workflowId: "flow",
    hostedToken: randomToken(24),
    expiresAt: new Date(createdAt.getTime() + DAY),
    createdAt,
  });
  await db.insert(verificationEvents).values({
    id: newId("evt"),
    teamId,
    mode,
    verificationId: id,
    event: "Created",
    toStatus: "InProgress",
    actorType: "system",
    createdAt,
  });
  for (const role of ["face_scan", "document"]) await evidence(db, teamId, mode, "verification", id, role, createdAt);
  const messages: string[] = [];
  for (const status of statuses) {
    const messageId = newId("msg");
    await db
      .insert(webhookMessages)
      .values({ id: messageId, teamId, mode, event: "Created", payload: { event: "Created", id }, verificationId: id, status, createdAt });
    await db.insert(webhookAttempts).values({
      id: newId("att"),
      messageId,
      teamId,
      mode,
      attempt: 1,
      url: "https://hooks.example.com",
      statusCode: 200,
      durationMs: 5,
      startedAt: createdAt,
    });
    messages.push(messageId);
  }
  return { id, messages };
}

async function evidence(db: Db, teamId: string, mode: Mode, ownerType: string, ownerId: string, role: string, createdAt: Date) {
  await db.insert(evidenceFiles).values({
    id: newId("evd"),
    teamId,
    mode,
    ownerType,
    ownerId,
    role,
    mimeType: "image/jpeg",
    byteSize: 3,
    sha256: "x",
    data: Buffer.from([1, 2, 3]),
    createdAt,
  });
}

async function storedAssessment(db: Db, teamId: string, mode: Mode, createdAt: Date) {
  const id = newId("risk");
  await db.insert(riskAssessments).values({
    id,
    teamId,
    mode,
    email: "a@example.com",
    firstName: "A",
    lastName: "B",
    dateOfBirth: "1990-01-01",
    report: "headline",
    enrichments: [],
    response: {},
    billable: false,
    createdAt,
  });
  await evidence(db, teamId, mode, "risk_assessment", id, "face_scan", createdAt);
  return id;
}

async function storedAccount(db: Db, teamId: string, mode: Mode, createdAt: Date) {
  const id = newId("acct");
  await db.insert(monitoredAccounts).values({ id, teamId, mode, firstName: "M", lastName: "A", createdAt });
  await db.insert(accountAlerts).values({ id: newId("alrt"), teamId, mode, accountId: id, matches: [], createdAt });
  return id;
}

const count = async (db: Db, table: typeof verifications | typeof riskAssessments | typeof monitoredAccounts, ids: string[]) =>
  ids.length ? (await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).length : 0;

describeEngines("risk settings and retention on %s", (engine) => {
  let database: TestDatabase;
  let db: Db;
  let acme: string;
  let globex: string;
  let owner: { userId: string };
  let admin: { userId: string };
  let reviewer: { userId: string };
  let outsider: { userId: string };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    acme = (await seedTeam(db, "Acme")).team.id;
    globex = (await seedTeam(db, "Globex")).team.id;
    owner = await member(db, acme, "owner");
    admin = await member(db, acme, "admin");
    reviewer = await member(db, acme, "reviewer");
    outsider = await member(db, globex, "owner");
  });
  afterAll(() => database.dispose());

  describe("risk settings", () => {
    it("answers the defaults for a tenant that never saved any", async () => {
      expect(await getRiskSettings(db, { teamId: acme, mode: "live" })).toEqual({
        amlThreshold: 96,
        onlineFootprintThreshold: 50,
        retentionDays: null,
      });
    });

    it("saves per mode, audit-logs before and after, and reads back", async () => {
      const tenant = { teamId: acme, mode: "live" as const };
      const saved = await updateRiskSettings(db, tenant, {
        staff: admin,
        amlThreshold: "90",
        onlineFootprintThreshold: 40,
        retentionDays: " 30 ",
      });
      expect(saved).toEqual({ ok: true, value: { amlThreshold: 90, onlineFootprintThreshold: 40, retentionDays: 30 } });
      expect(await getRiskSettings(db, tenant)).toEqual({ amlThreshold: 90, onlineFootprintThreshold: 40, retentionDays: 30 });
      expect(await getRiskSettings(db, { teamId: acme, mode: "sandbox" })).toEqual({
        amlThreshold: 96,
        onlineFootprintThreshold: 50,
        retentionDays: null,
      });
      expect(await getRiskSettings(db, { teamId: globex, mode: "live" })).toMatchObject({ amlThreshold: 96 });

      const cleared = await updateRiskSettings(db, tenant, {
        staff: owner,
        amlThreshold: 100,
        onlineFootprintThreshold: 0,
        retentionDays: "",
      });
      expect(cleared.ok && cleared.value).toEqual({ amlThreshold: 100, onlineFootprintThreshold: 0, retentionDays: null });
      const entries = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.teamId, acme), eq(auditLog.action, "settings.risk_updated")))
        .orderBy(auditLog.createdAt);
      expect(entries.map((e) => [e.mode, e.actorId, e.metadata])).toEqual([
        [
          "live",
          admin.userId,
          {
            before: { amlThreshold: 96, onlineFootprintThreshold: 50, retentionDays: null },
            after: { amlThreshold: 90, onlineFootprintThreshold: 40, retentionDays: 30 },
          },
        ],
        [
          "live",
          owner.userId,
          {
            before: { amlThreshold: 90, onlineFootprintThreshold: 40, retentionDays: 30 },
            after: { amlThreshold: 100, onlineFootprintThreshold: 0, retentionDays: null },
          },
        ],
      ]);
    });

    it("refuses values out of range or not whole numbers, field by field, and changes nothing", async () => {
      const tenant = { teamId: acme, mode: "sandbox" as const };
      const bad = await updateRiskSettings(db, tenant, {
        staff: owner,
        amlThreshold: "101",
        onlineFootprintThreshold: "4.5",
        retentionDays: "6",
      });
      expect(bad.ok).toBe(false);
      if (bad.ok) return;
      expect(bad.error.kind).toBe("invalid");
      expect(Object.keys(bad.error.detail ?? {}).sort()).toEqual(["amlThreshold", "onlineFootprintThreshold", "retentionDays"]);
      for (const input of [
        { amlThreshold: "", onlineFootprintThreshold: 50, retentionDays: null },
        { amlThreshold: "abc", onlineFootprintThreshold: 50, retentionDays: null },
        { amlThreshold: -1, onlineFootprintThreshold: 50, retentionDays: null },
        { amlThreshold: 96, onlineFootprintThreshold: 50, retentionDays: 3651 },
        { amlThreshold: 96, onlineFootprintThreshold: 50, retentionDays: "ten" },
      ]) {
        const result = await updateRiskSettings(db, tenant, { staff: owner, ...input });
        expect(result.ok, JSON.stringify(input)).toBe(false);
      }
      expect(
        (await updateRiskSettings(db, tenant, { staff: owner, amlThreshold: 0, onlineFootprintThreshold: 100, retentionDays: 7 })).ok,
      ).toBe(true);
      expect(
        (await updateRiskSettings(db, tenant, { staff: owner, amlThreshold: 0, onlineFootprintThreshold: 100, retentionDays: 3650 })).ok,
      ).toBe(true);
      expect(await getRiskSettings(db, tenant)).toEqual({ amlThreshold: 0, onlineFootprintThreshold: 100, retentionDays: 3650 });
    });

    it("the request paths' cached read sees a change made here at once, and a change made elsewhere within seconds", async () => {
      const tenant = { teamId: acme, mode: "sandbox" as const };
      await updateRiskSettings(db, tenant, { staff: owner, amlThreshold: 70, onlineFootprintThreshold: 60, retentionDays: null });
      const t0 = Date.now();
      expect(await getCachedRiskSettings(db, tenant, t0)).toMatchObject({ amlThreshold: 70, onlineFootprintThreshold: 60 });
      // Through this process: forgotten at once.
      await updateRiskSettings(db, tenant, { staff: owner, amlThreshold: 71, onlineFootprintThreshold: 61, retentionDays: null });
      expect(await getCachedRiskSettings(db, tenant, t0)).toMatchObject({ amlThreshold: 71, onlineFootprintThreshold: 61 });
      // Written by another instance (straight to the table): the cache answers until it expires (5 s).
      await db
        .update(teamSettings)
        .set({ amlThreshold: 72 })
        .where(and(eq(teamSettings.teamId, acme), eq(teamSettings.mode, "sandbox")));
      expect(await getCachedRiskSettings(db, tenant, t0 + 1_000)).toMatchObject({ amlThreshold: 71 });
      expect(await getCachedRiskSettings(db, tenant, t0 + 6_000)).toMatchObject({ amlThreshold: 72 });
      // The cached copy is the caller's own: changing it changes nothing for the next request.
      const copy = await getCachedRiskSettings(db, tenant, t0 + 6_000);
      copy.amlThreshold = 5;
      expect(await getCachedRiskSettings(db, tenant, t0 + 6_000)).toMatchObject({ amlThreshold: 72 });
      // Another tenant, another entry.
      expect(await getCachedRiskSettings(db, { teamId: globex, mode: "sandbox" }, t0)).toMatchObject({
        amlThreshold: 96,
        onlineFootprintThreshold: 50,
      });
    });

    it("refuses reviewers (forbidden) and other teams' members (not found) on the server", async () => {
      const tenant = { teamId: acme, mode: "live" as const };
      const before = await getRiskSettings(db, tenant);
      const byReviewer = await updateRiskSettings(db, tenant, {
        staff: reviewer,
        amlThreshold: 1,
        onlineFootprintThreshold: 1,
        retentionDays: 7,
      });
      expect(!byReviewer.ok && byReviewer.error.kind).toBe("forbidden");
      const byOutsider = await updateRiskSettings(db, tenant, {
        staff: outsider,
        amlThreshold: 1,
        onlineFootprintThreshold: 1,
        retentionDays: 7,
      });
      expect(!byOutsider.ok && byOutsider.error.kind).toBe("not_found");
      expect(await getRiskSettings(db, tenant)).toEqual(before);
    });
  });

  describe("retention", () => {
    it("deletes old records with their evidence and finished webhooks; keeps recent ones, undelivered messages, other modes and teams", async () => {
      // Fresh teams so the earlier tests' settings do not matter.
      const team = (await seedTeam(db, "Retained")).team.id;
      const other = (await seedTeam(db, "Untouched")).team.id;
      const teamOwner = await member(db, team, "owner");
      await updateRiskSettings(
        db,
        { teamId: team, mode: "live" },
        { staff: teamOwner, amlThreshold: 96, onlineFootprintThreshold: 50, retentionDays: 30 },
      );

      const oldCase = await storedCase(db, team, "live", ago(40), ["delivered", "failed", "retrying"]);
      const recentCase = await storedCase(db, team, "live", ago(10));
      const oldAssessment = await storedAssessment(db, team, "live", ago(31));
      const recentAssessment = await storedAssessment(db, team, "live", ago(29));
      const oldLookup = newId("slk");
      const recentLookup = newId("slk");
      await db.insert(smartLookups).values([
        { id: oldLookup, teamId: team, mode: "live", checks: ["AML"], response: {}, billable: true, createdAt: ago(45) },
        { id: recentLookup, teamId: team, mode: "live", checks: ["AML"], response: {}, billable: true, createdAt: ago(5) },
      ]);
      const oldAccount = await storedAccount(db, team, "live", ago(100));
      const recentAccount = await storedAccount(db, team, "live", ago(1));
      // Same age, but a mode and a team without a retention period.
      const sandboxCase = await storedCase(db, team, "sandbox", ago(400));
      const otherCase = await storedCase(db, other, "live", ago(400));
      const otherAssessment = await storedAssessment(db, other, "live", ago(400));

      // What the fraud network kept of the two live assessments (keys and a face embedding).
      const networked = [oldAssessment, recentAssessment].map((sourceId) => ({
        id: newId("net"),
        teamId: team,
        source: "risk_assessment",
        sourceId,
        emailKey: `k-${sourceId}`,
        identityKey: null,
      }));
      await db.insert(networkIdentities).values(networked);
      await db.insert(networkFaces).values(
        networked.map((n) => ({
          id: newId("face"),
          teamId: team,
          networkIdentityId: n.id,
          identityKey: null,
          model: "faceapi-resnet34",
          embedding: Array.from({ length: 128 }, (_, i) => (i === 0 ? 1 : 0)),
        })),
      );

      const report = await applyRetention(db, { batchSize: 1 });
      const mine = report.tenants.find((t) => t.teamId === team);
      expect(mine).toMatchObject({
        mode: "live",
        retentionDays: 30,
        verifications: 1,
        riskAssessments: 1,
        smartLookups: 1,
        monitoredAccounts: 1,
        evidenceFiles: 3,
        networkRecords: 1,
        webhookMessages: 2,
      });
      const network = await db
        .select({ sourceId: networkIdentities.sourceId })
        .from(networkIdentities)
        .where(eq(networkIdentities.teamId, team));
      expect(network.map((n) => n.sourceId)).toEqual([recentAssessment]);
      const faces = await db.select({ id: networkFaces.networkIdentityId }).from(networkFaces).where(eq(networkFaces.teamId, team));
      expect(faces.map((f) => f.id)).toEqual([networked[1]!.id]);
      expect(report.tenants.some((t) => t.teamId === other)).toBe(false);

      expect(await count(db, verifications, [oldCase.id, recentCase.id, sandboxCase.id, otherCase.id])).toBe(3);
      expect(await count(db, verifications, [oldCase.id])).toBe(0);
      expect(await count(db, riskAssessments, [oldAssessment, recentAssessment, otherAssessment])).toBe(2);
      expect(
        (
          await db
            .select({ id: smartLookups.id })
            .from(smartLookups)
            .where(inArray(smartLookups.id, [oldLookup, recentLookup]))
        ).map((r) => r.id),
      ).toEqual([recentLookup]);
      expect(await count(db, monitoredAccounts, [oldAccount, recentAccount])).toBe(1);
      expect(await count(db, monitoredAccounts, [recentAccount])).toBe(1);
      const files = await db
        .select({ ownerId: evidenceFiles.ownerId })
        .from(evidenceFiles)
        .where(
          inArray(evidenceFiles.ownerId, [
            oldCase.id,
            recentCase.id,
            oldAssessment,
            recentAssessment,
            sandboxCase.id,
            otherCase.id,
            otherAssessment,
          ]),
        );
      expect(new Set(files.map((f) => f.ownerId))).toEqual(
        new Set([recentCase.id, recentAssessment, sandboxCase.id, otherCase.id, otherAssessment]),
      );
      expect((await db.select().from(verificationEvents).where(eq(verificationEvents.verificationId, oldCase.id))).length).toBe(0);
      expect((await db.select().from(accountAlerts).where(eq(accountAlerts.accountId, oldAccount))).length).toBe(0);

      // The message still being retried stays (the outbox owns it); the finished ones went, attempts too.
      const left = await db
        .select({ id: webhookMessages.id, status: webhookMessages.status })
        .from(webhookMessages)
        .where(inArray(webhookMessages.id, [...oldCase.messages, ...recentCase.messages, ...otherCase.messages]));
      expect(left.map((m) => m.id).sort()).toEqual([oldCase.messages[2], recentCase.messages[0], otherCase.messages[0]].sort());
      expect(
        (
          await db
            .select()
            .from(webhookAttempts)
            .where(inArray(webhookAttempts.messageId, oldCase.messages.slice(0, 2)))
        ).length,
      ).toBe(0);

      const audit = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.teamId, team), eq(auditLog.action, "retention.applied")));
      expect(audit.map((a) => [a.mode, a.actorType, (a.metadata as { deleted: unknown }).deleted])).toEqual([
        [
          "live",
          "system",
          {
            verifications: 1,
            riskAssessments: 1,
            smartLookups: 1,
            monitoredAccounts: 1,
            evidenceFiles: 3,
            networkRecords: 1,
            webhookMessages: 2,
          },
        ],
      ]);

      // Once delivered, the leftover message of the deleted case goes at the next run; nothing else does.
      await db.update(webhookMessages).set({ status: "delivered" }).where(eq(webhookMessages.id, oldCase.messages[2]!));
      const again = await applyRetention(db, { teamId: team });
      expect(again.tenants).toEqual([
        expect.objectContaining({ verifications: 0, riskAssessments: 0, monitoredAccounts: 0, evidenceFiles: 0, webhookMessages: 1 }),
      ]);
      expect(await count(db, verifications, [recentCase.id])).toBe(1);
      const runs = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.teamId, team), eq(auditLog.action, "retention.applied")));
      expect(runs).toHaveLength(2);
      // A run that deletes nothing leaves no audit entry.
      await applyRetention(db, { teamId: team });
      expect(
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.teamId, team), eq(auditLog.action, "retention.applied"))),
      ).toHaveLength(2);
    });

    it("runs from the CLI (apply-retention [--team]) and on the daily schedule", async () => {
      const team = (await seedTeam(db, "Scheduled")).team;
      await db.insert(teamSettings).values({ teamId: team.id, mode: "sandbox", retentionDays: 7 });
      const viaCli = await storedCase(db, team.id, "sandbox", ago(8));
      const cli = await runCli(db, ["apply-retention", "--team", team.slug]);
      expect(cli.exitCode).toBe(0);
      expect(cli.output).toMatchObject({
        ok: true,
        tenants: [{ teamId: team.id, mode: "sandbox", verifications: 1 }],
        totals: { verifications: 1 },
      });
      expect(await count(db, verifications, [viaCli.id])).toBe(0);
      const audit = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.teamId, team.id), eq(auditLog.action, "retention.applied")));
      expect(audit.map((a) => a.actorType)).toEqual(["cli"]);
      expect((await runCli(db, ["apply-retention", "--team", "no-such-team"])).exitCode).toBe(2);

      const viaTimer = await storedCase(db, team.id, "sandbox", ago(9));
      const reports: number[] = [];
      const schedule = startRetentionSchedule({
        db: async () => db,
        firstRunMs: 10,
        intervalMs: 60_000,
        onReport: (r) => reports.push(r.totals.verifications),
      });
      await expect.poll(() => reports.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await count(db, verifications, [viaTimer.id])).toBe(0);
      const now = await schedule.runNow();
      expect(now.totals.verifications).toBe(0);
      await schedule.stop();
      expect(reports.reduce((a, b) => a + b, 0)).toBe(1);
    });
  });
});
