import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { auditLog, webhookAttempts, webhookMessages, type Role, type WebhookMessageStatus } from "@/lib/db/schema";
import { listCaseDeliveries } from "@/lib/server/console/list-case-deliveries";
import { listWebhookDeliveries } from "@/lib/server/console/list-webhook-deliveries";
import { replayCaseDelivery } from "@/lib/server/console/replay-case-delivery";
import { replayFailedWebhookMessages } from "@/lib/server/console/replay-failed-webhook-messages";
import type { Tenant } from "@/lib/server/shared/tenant";
import { addStaffMember } from "@/lib/server/teams/add-staff-member";
import { createTeam } from "@/lib/server/teams/create-team";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

const SYSTEM = { type: "system" as const };
const HOUR = 3_600_000;

async function team(db: Db, name: string): Promise<string> {
  const created = await createTeam(db, { name, actor: SYSTEM });
  if (!created.ok) throw new Error(created.error.message);
  return created.value.id;
}

async function staff(db: Db, teamId: string, role: Role) {
  const added = await addStaffMember(db, {
    teamId,
    email: `${role}-${randomBytes(3).toString("hex")}@acme.test`,
    password: "correct horse battery",
    role,
    actor: SYSTEM,
  });
  if (!added.ok) throw new Error(added.error.message);
  return { userId: added.value.userId };
}

interface MessageFields {
  tenant: Tenant;
  status?: WebhookMessageStatus;
  event?: string;
  verificationId?: string | null;
  payload?: Record<string, unknown>;
  createdAt?: Date;
}

/** An outbox row as the webhook engine leaves it (inserted one by one, so `seq` follows the calls). */
async function message(db: Db, fields: MessageFields): Promise<string> {
  const id = `msg_${randomBytes(8).toString("hex")}`;
  const event = fields.event ?? "Created";
  await db.insert(webhookMessages).values({
    id,
    teamId: fields.tenant.teamId,
    mode: fields.tenant.mode,
    event,
    payload: fields.payload ?? { event },
    verificationId: fields.verificationId === undefined ? `case-${id}` : fields.verificationId,
    status: fields.status ?? "delivered",
    attemptCount: fields.status === "pending" ? 0 : 1,
    createdAt: fields.createdAt ?? new Date(),
  });
  return id;
}

describeEngines("console webhook messages on %s", (engine) => {
  let database: TestDatabase;
  let db: Db;
  let live: Tenant;
  let sandbox: Tenant;
  let other: Tenant;
  let owner: { userId: string };
  let reviewer: { userId: string };
  let outsider: { userId: string };
  const liveIds: string[] = [];
  const statuses: WebhookMessageStatus[] = ["delivered", "failed", "retrying", "delivered", "pending", "failed", "delivered"];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    const acme = await team(db, "Acme");
    live = { teamId: acme, mode: "live" };
    sandbox = { teamId: acme, mode: "sandbox" };
    other = { teamId: await team(db, "Globex"), mode: "live" };
    owner = await staff(db, acme, "owner");
    reviewer = await staff(db, acme, "reviewer");
    outsider = await staff(db, other.teamId, "owner");
    for (const status of statuses) liveIds.push(await message(db, { tenant: live, status }));
    await message(db, { tenant: sandbox, status: "failed" });
    await message(db, { tenant: other, status: "failed" });
  });
  afterAll(async () => database?.dispose());

  it("lists the tenant's messages newest first, only its own team and mode", async () => {
    const listed = await listWebhookDeliveries(db, live, { limit: 100 });
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    expect(listed.value.items.map((m) => m.id)).toEqual([...liveIds].reverse());
    expect(listed.value.nextCursor).toBeNull();
    const sandboxList = await listWebhookDeliveries(db, sandbox);
    expect(sandboxList.ok && sandboxList.value.items.map((m) => m.status)).toEqual(["failed"]);
    const otherList = await listWebhookDeliveries(db, other);
    expect(otherList.ok && otherList.value.items.every((m) => !liveIds.includes(m.id))).toBe(true);
  });

  it("filters by status", async () => {
    const failed = await listWebhookDeliveries(db, live, { status: "failed" });
    expect(failed.ok && failed.value.items.map((m) => m.id)).toEqual([liveIds[5], liveIds[1]]);
    const delivered = await listWebhookDeliveries(db, live, { status: "delivered" });
    expect(delivered.ok && delivered.value.items.length).toBe(3);
  });

  it("pages through every message once with the cursor, and refuses a tampered cursor", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pageNo = 0; pageNo < 10; pageNo++) {
      const page = await listWebhookDeliveries(db, live, { limit: 3, cursor });
      if (!page.ok) throw new Error(page.error.message);
      expect(page.value.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.value.items.map((m) => m.id));
      if (!page.value.nextCursor) break;
      cursor = page.value.nextCursor;
    }
    expect(seen).toEqual([...liveIds].reverse());
    const filtered = await listWebhookDeliveries(db, live, { status: "delivered", limit: 2 });
    if (!filtered.ok) throw new Error(filtered.error.message);
    const second = await listWebhookDeliveries(db, live, { status: "delivered", limit: 2, cursor: filtered.value.nextCursor! });
    expect(second.ok && second.value.items.map((m) => m.id)).toEqual([liveIds[0]]);
    const bad = await listWebhookDeliveries(db, live, { cursor: "not-a-cursor" });
    expect(bad.ok ? "ok" : bad.error.kind).toBe("invalid");
  });

  it("shows an Alert's alert id, a case's id, and attempts newest first (one shape for the case page too)", async () => {
    const alertId = await message(db, {
      tenant: live,
      event: "Alert",
      verificationId: null,
      payload: { event: "Alert", alertId: "alert_42", smartLookupId: "sl_1" },
    });
    const caseMessage = await message(db, { tenant: live, event: "Verified", verificationId: "case-with-attempts", status: "retrying" });
    await db.insert(webhookAttempts).values(
      [1, 2].map((attempt) => ({
        id: `att_${caseMessage}_${attempt}`,
        messageId: caseMessage,
        teamId: live.teamId,
        mode: live.mode,
        attempt,
        url: "https://hooks.example/x",
        statusCode: 500,
        durationMs: 12,
        startedAt: new Date(),
      })),
    );
    const page = await listWebhookDeliveries(db, live, { limit: 2 });
    if (!page.ok) throw new Error(page.error.message);
    const [verified, alert] = page.value.items;
    expect(alert).toMatchObject({ id: alertId, event: "Alert", alertId: "alert_42", verificationId: null });
    expect(verified).toMatchObject({ id: caseMessage, verificationId: "case-with-attempts", alertId: null });
    expect(verified!.attempts.map((a) => a.attempt)).toEqual([2, 1]);
    const onCasePage = await listCaseDeliveries(db, live, "case-with-attempts");
    expect(onCasePage).toEqual([verified]);
  });

  it("replays one message for an owner; a reviewer is refused; another team's message is not found", async () => {
    const target = liveIds[1]!;
    const refused = await replayCaseDelivery(db, live, { staff: reviewer, messageId: target });
    expect(refused.ok ? "ok" : refused.error.kind).toBe("forbidden");
    const replayed = await replayCaseDelivery(db, live, { staff: owner, messageId: target });
    expect(replayed.ok && [replayed.value.status, replayed.value.replay_count]).toEqual(["pending", 1]);
    const [otherMessage] = await db
      .select({ id: webhookMessages.id })
      .from(webhookMessages)
      .where(eq(webhookMessages.teamId, other.teamId));
    const hidden = await replayCaseDelivery(db, live, { staff: owner, messageId: otherMessage!.id });
    expect(hidden.ok ? "ok" : hidden.error.kind).toBe("not_found");
    const outsiderTry = await replayCaseDelivery(db, live, { staff: outsider, messageId: liveIds[5]! });
    expect(outsiderTry.ok ? "ok" : outsiderTry.error.kind).toBe("not_found");
  });

  it("replays the failed messages of a time range for an owner, audit-logged; a reviewer is refused", async () => {
    const old = await message(db, { tenant: live, status: "failed", createdAt: new Date(Date.now() - 48 * HOUR) });
    const from = new Date(Date.now() - HOUR);
    const to = new Date(Date.now() + HOUR);
    const refused = await replayFailedWebhookMessages(db, live, { staff: reviewer, from, to });
    expect(refused.ok ? "ok" : refused.error.kind).toBe("forbidden");
    const backwards = await replayFailedWebhookMessages(db, live, { staff: owner, from: to, to: from });
    expect(backwards.ok ? "ok" : backwards.error.kind).toBe("invalid");

    const done = await replayFailedWebhookMessages(db, live, { staff: owner, from, to });
    // liveIds[1] was replayed above (now pending): only liveIds[5] is still failed in the range.
    expect(done.ok && done.value.replayed).toBe(1);
    const rows = await db
      .select({ id: webhookMessages.id, status: webhookMessages.status })
      .from(webhookMessages)
      .where(eq(webhookMessages.teamId, live.teamId));
    const byId = new Map(rows.map((r) => [r.id, r.status]));
    expect(byId.get(liveIds[5]!)).toBe("pending");
    expect(byId.get(old)).toBe("failed");
    // The sandbox's failed message of the same team stays failed.
    const sandboxList = await listWebhookDeliveries(db, sandbox);
    expect(sandboxList.ok && sandboxList.value.items.map((m) => m.status)).toEqual(["failed"]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "webhook.replayed_range"));
    expect(audit.map((a) => [a.teamId, a.actorId, (a.metadata as { replayed: number }).replayed])).toEqual([
      [live.teamId, owner.userId, 1],
    ]);
  });
});
