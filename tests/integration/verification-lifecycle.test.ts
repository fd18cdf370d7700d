import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, verificationEvents, verifications, webhookEndpoints, webhookMessages, type VerificationStatus } from "@/lib/db/schema";
import { chooseSandboxOutcome } from "@/lib/server/hosted/choose-sandbox-outcome";
import { createVerification } from "@/lib/server/verifications/create-verification";
import { applyTransition } from "@/lib/server/verifications/apply-transition";
import { decideReview } from "@/lib/server/verifications/decide-review";
import { TRANSITIONS, findTransition } from "@/lib/server/verifications/transitions";
import { seedTeam } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

const system = { type: "system" as const, id: "test" };
const reviewer = { type: "staff" as const, id: "usr_reviewer" };

describe("transition table", () => {
  it("has one row per (from, action) and publishes only spec-6 events", () => {
    const keys = TRANSITIONS.map((t) => `${t.from}:${t.action}`);
    expect(new Set(keys).size).toBe(keys.length);
    const events = new Set(TRANSITIONS.map((t) => t.webhook).filter(Boolean));
    expect([...events].every((e) => ["Created", "UserCompleted", "ManuallyReviewed", "Verified", "Refused", "Expired"].includes(e!))).toBe(
      true,
    );
    expect(findTransition("Verified", "approve")).toBeUndefined();
    expect(findTransition("Refused", "start_review")).toMatchObject({ to: "ManuallyReviewed", webhook: "ManuallyReviewed" });
  });
});

/*
 * Forbidden transitions, as literal data from what the spec's states mean (spec 3, 6;
 * wire-details): not derived from the table under test, so a row added to it that lets one of
 * these happen fails here.
 */
const EVERY_ACTION = ["complete", "pass", "flag", "lock_out", "start_review", "approve", "reject", "expire", "cancel", "restart"] as const;
const FORBIDDEN: readonly (readonly [VerificationStatus, readonly (typeof EVERY_ACTION)[number][], string])[] = [
  ["Verified", EVERY_ACTION, "Verified is final: checks passed or a reviewer decided"],
  ["Blocked", EVERY_ACTION, "a blocked user's case is final"],
  [
    "InProgress",
    ["pass", "flag", "start_review", "approve", "reject", "restart"],
    "nothing is decided or reviewed before the user completed every step (Processing comes first)",
  ],
  [
    "ReadyForReview",
    ["complete", "expire", "approve", "reject"],
    "completed once; a completed case never expires; a person decides only through ManuallyReviewed",
  ],
  [
    "Refused",
    ["complete", "pass", "expire", "approve", "reject", "lock_out"],
    "Needs review is decided by a person, through ManuallyReviewed (its event is sent)",
  ],
  ["LockedOut", ["complete", "pass", "flag", "expire", "approve", "reject"], "a locked-out case becomes Verified only through a reviewer"],
  [
    "ManuallyReviewed",
    ["complete", "pass", "flag", "expire", "lock_out", "start_review", "restart"],
    "under review: only the reviewer's approve or reject ends it",
  ],
  [
    "Cancelled",
    ["complete", "pass", "flag", "lock_out", "start_review", "approve", "reject", "expire", "cancel"],
    "a cancelled case can only be restarted",
  ],
];

describe("forbidden transitions (literal, from the spec's states)", () => {
  it.each(FORBIDDEN.flatMap(([from, actions, why]) => actions.map((action) => [from, action, why] as const)))(
    "%s cannot %s: %s",
    (from, action) => {
      expect(findTransition(from, action)).toBeUndefined();
    },
  );
});

describeEngines("verification lifecycle on %s", (engine) => {
  let database: TestDatabase;
  let acme: Awaited<ReturnType<typeof seedTeam>>;
  let other: Awaited<ReturnType<typeof seedTeam>>;
  const live = () => ({ teamId: acme.team.id, mode: "live" as const });
  const sandbox = () => ({ teamId: acme.team.id, mode: "sandbox" as const });

  async function newCase(tenant: { teamId: string; mode: "live" | "sandbox" }, redirect?: string) {
    const created = await createVerification(database.db, {
      tenant,
      input: { email: "case@example.com", workflow_id: "sandbox-flow", redirect_url: redirect },
      actor: system,
      publicBaseUrl: "http://idv.test",
    });
    if (!created.ok) throw new Error(created.error.message);
    return { id: created.value.id, token: created.value.url.split("/verify/")[1]! };
  }
  const timeline = (id: string) =>
    database.db
      .select()
      .from(verificationEvents)
      .where(eq(verificationEvents.verificationId, id))
      .orderBy(asc(verificationEvents.createdAt), asc(verificationEvents.id));
  const outbox = (id: string) =>
    database.db.select().from(webhookMessages).where(eq(webhookMessages.verificationId, id)).orderBy(asc(webhookMessages.seq));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    acme = await seedTeam(database.db);
    other = await seedTeam(database.db, "Other");
    // Live and sandbox endpoints of Acme take every event.
    for (const mode of ["live", "sandbox"] as const) {
      await database.db.insert(webhookEndpoints).values({
        teamId: acme.team.id,
        mode,
        url: "https://hooks.example.com/idv",
        secret: "whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==",
      });
    }
  });
  afterAll(() => database.dispose());

  it("a transition writes status, timeline, audit and the webhook in one change", async () => {
    const { id } = await newCase(live());
    const done = await applyTransition(database.db, { tenant: live(), verificationId: id, action: "complete", actor: system });
    expect(done.ok).toBe(true);
    const [row] = await database.db.select().from(verifications).where(eq(verifications.id, id));
    expect(row!.status).toBe("ReadyForReview");
    expect((await timeline(id)).map((e) => [e.event, e.fromStatus, e.toStatus])).toEqual([
      ["Created", null, "InProgress"],
      ["UserCompleted", "InProgress", "ReadyForReview"],
    ]);
    const messages = await outbox(id);
    expect(messages.map((m) => m.event)).toEqual(["Created", "UserCompleted"]);
    expect(messages[1]!.payload).toMatchObject({ event: "UserCompleted", id, status: "ReadyForReview", email: "case@example.com" });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "verification.complete")));
    expect(audit).toHaveLength(1);
  });

  it("refuses a transition the table does not have, and a case of another team or mode", async () => {
    const { id } = await newCase(live());
    const approve = await applyTransition(database.db, { tenant: live(), verificationId: id, action: "approve", actor: system });
    expect(approve).toMatchObject({ ok: false, error: { kind: "conflict" } });
    for (const tenant of [sandbox(), { teamId: other.team.id, mode: "live" as const }]) {
      expect(await applyTransition(database.db, { tenant, verificationId: id, action: "complete", actor: system })).toMatchObject({
        ok: false,
        error: { kind: "not_found" },
      });
    }
    expect((await timeline(id)).map((e) => e.event)).toEqual(["Created"]);
    expect((await outbox(id)).map((m) => m.event)).toEqual(["Created"]);
  });

  it("a reviewer's decision goes through ManuallyReviewed, with the note and who decided", async () => {
    const { id } = await newCase(live());
    await applyTransition(database.db, { tenant: live(), verificationId: id, action: "complete", actor: system });
    await applyTransition(database.db, { tenant: live(), verificationId: id, action: "flag", actor: system });

    const empty = await decideReview(database.db, {
      tenant: live(),
      verificationId: id,
      decision: "approve",
      note: "  ",
      actor: reviewer,
      expectedStatus: "Refused",
    });
    expect(empty).toMatchObject({ ok: false, error: { kind: "invalid", detail: { note: expect.any(String) } } });
    const stale = await decideReview(database.db, {
      tenant: live(),
      verificationId: id,
      decision: "approve",
      note: "ok",
      actor: reviewer,
      expectedStatus: "ReadyForReview",
    });
    expect(stale).toMatchObject({ ok: false, error: { kind: "conflict" } });

    const decided = await decideReview(database.db, {
      tenant: live(),
      verificationId: id,
      decision: "approve",
      note: "Documents match on second look",
      actor: reviewer,
      expectedStatus: "Refused",
    });
    expect(decided.ok && decided.value.record.status).toBe("Verified");
    const steps = (await timeline(id)).slice(-2);
    expect(steps.map((e) => [e.event, e.toStatus, e.actorId, e.note])).toEqual([
      ["ManuallyReviewed", "ManuallyReviewed", "usr_reviewer", "Documents match on second look"],
      ["Verified", "Verified", "usr_reviewer", "Documents match on second look"],
    ]);
    expect((await outbox(id)).map((m) => m.event)).toEqual(["Created", "UserCompleted", "Refused", "ManuallyReviewed", "Verified"]);
    // Decided cases take no second decision.
    const again = await decideReview(database.db, {
      tenant: live(),
      verificationId: id,
      decision: "reject",
      note: "no",
      actor: reviewer,
      expectedStatus: "Verified",
    });
    expect(again.ok).toBe(false);
  });

  it("a rejection ends Refused after ManuallyReviewed", async () => {
    const { id } = await newCase(live());
    await applyTransition(database.db, { tenant: live(), verificationId: id, action: "complete", actor: system });
    await applyTransition(database.db, { tenant: live(), verificationId: id, action: "flag", actor: system });
    const decided = await decideReview(database.db, {
      tenant: live(),
      verificationId: id,
      decision: "reject",
      note: "Name does not match",
      actor: reviewer,
      expectedStatus: "Refused",
    });
    expect(decided.ok && decided.value.record.status).toBe("Refused");
    expect((await outbox(id)).slice(-2).map((m) => m.event)).toEqual(["ManuallyReviewed", "Refused"]);
  });

  it.each([
    ["verified", "Verified", ["Created", "UserCompleted", "Verified"]],
    ["needs_review", "Refused", ["Created", "UserCompleted", "Refused"]],
    ["locked_out", "LockedOut", ["Created"]],
  ])("the sandbox hosted page's outcome %s ends %s and sends %j", async (outcome, status, events) => {
    const { id, token } = await newCase(sandbox(), "https://app.example.com/return?applicant=a1");
    const chosen = await chooseSandboxOutcome(database.db, { token, outcome });
    expect(chosen).toEqual({ ok: true, value: { redirectUrl: "https://app.example.com/return?applicant=a1", verificationId: id } });
    const [row] = await database.db.select().from(verifications).where(eq(verifications.id, id));
    expect(row!.status).toBe(status);
    expect((await outbox(id)).map((m) => m.event)).toEqual(events);
    expect((await chooseSandboxOutcome(database.db, { token, outcome })).ok).toBe(false); // no longer in progress
  });

  it("the guarded write refuses every forbidden transition and changes nothing", async () => {
    for (const [from, actions] of FORBIDDEN) {
      for (const action of actions) {
        const { id } = await newCase(live());
        await database.db.update(verifications).set({ status: from }).where(eq(verifications.id, id)); // the state under test
        const result = await applyTransition(database.db, { tenant: live(), verificationId: id, action, actor: system });
        expect(result, `${from} ${action}`).toMatchObject({ ok: false, error: { kind: "conflict" } });
        const [row] = await database.db.select().from(verifications).where(eq(verifications.id, id));
        expect(row!.status, `${from} ${action}`).toBe(from);
        expect((await timeline(id)).map((e) => e.event)).toEqual(["Created"]);
        expect((await outbox(id)).map((m) => m.event)).toEqual(["Created"]);
      }
    }
  });

  it("only sandbox cases take a chosen outcome, and only known outcomes", async () => {
    const liveCase = await newCase(live());
    expect(await chooseSandboxOutcome(database.db, { token: liveCase.token, outcome: "verified" })).toMatchObject({
      ok: false,
      error: { kind: "not_found" },
    });
    const sandboxCase = await newCase(sandbox());
    expect(await chooseSandboxOutcome(database.db, { token: sandboxCase.token, outcome: "teleported" })).toMatchObject({
      ok: false,
      error: { kind: "invalid" },
    });
    expect(await chooseSandboxOutcome(database.db, { token: "nope-nope-nope-nope", outcome: "verified" })).toMatchObject({
      ok: false,
      error: { kind: "not_found" },
    });
  });
});
