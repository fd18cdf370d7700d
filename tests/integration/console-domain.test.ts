import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { desc, eq } from "drizzle-orm";
import { accountAlerts, monitoredAccounts, verificationEvents, verifications, type Mode, type Role } from "@/lib/db/schema";
import { acceptInvite, readInvite } from "@/lib/server/console/accept-invite";
import { acknowledgeAlerts } from "@/lib/server/console/acknowledge-alerts";
import { addSandboxTestAccount } from "@/lib/server/console/add-sandbox-test-account";
import { loadStaff } from "@/lib/server/console/authorize-staff";
import { createCredential } from "@/lib/server/console/create-credential";
import { getCaseDetail } from "@/lib/server/console/get-case-detail";
import { getOverviewStats } from "@/lib/server/console/get-overview-stats";
import { inviteMember } from "@/lib/server/console/invite-member";
import { listAuditEntries } from "@/lib/server/console/list-audit-entries";
import { listConsoleAccounts } from "@/lib/server/console/list-console-accounts";
import { revokeCredential } from "@/lib/server/console/revoke-credential";
import { reviewCase } from "@/lib/server/console/review-case";
import { searchCases } from "@/lib/server/console/search-cases";
import { setDefaultRedirectUrl } from "@/lib/server/console/set-default-redirect-url";
import { switchCaseWorkflow } from "@/lib/server/console/switch-case-workflow";
import { verifyStaffPassword } from "@/lib/server/console/verify-staff-password";
import { randomToken } from "@/lib/server/shared/crypto";
import { addStaffMember } from "@/lib/server/teams/add-staff-member";
import { applyTransition } from "@/lib/server/verifications/apply-transition";
import { seedTeam } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

const SYSTEM = { type: "system" as const };
const SECRET = "console-test-secret-console-test-secret";

async function member(db: Db, teamId: string, role: Role, email = `${role}-${randomToken(4)}@acme.test`.toLowerCase()) {
  const added = await addStaffMember(db, { teamId, email, password: "correct horse battery", role, actor: SYSTEM });
  if (!added.ok) throw new Error(added.error.message);
  return { userId: added.value.userId, email };
}

async function storedCase(db: Db, teamId: string, mode: Mode, fields: { email?: string; externalId?: string; createdAt?: Date } = {}) {
  const id = randomUUID();
  await db.insert(verifications).values({
    id,
    teamId,
    mode,
    email: fields.email ?? `person-${id.slice(0, 6)}@example.com`,
    workflowId: "flow",
    externalId: fields.externalId ?? null,
    hostedToken: randomToken(24),
    expiresAt: new Date(Date.now() + 86_400_000),
    createdAt: fields.createdAt ?? new Date(),
  });
  return id;
}

/** A stored case that needs review: its checks flagged it (InProgress → ReadyForReview → Refused). */
async function refusedCase(db: Db, teamId: string, mode: Mode, email?: string) {
  const id = await storedCase(db, teamId, mode, { email });
  for (const action of ["complete", "flag"] as const) {
    const step = await applyTransition(db, { tenant: { teamId, mode }, verificationId: id, action, actor: SYSTEM });
    if (!step.ok) throw new Error(step.error.message);
  }
  return id;
}

describeEngines("console domain on %s", (engine) => {
  let database: TestDatabase;
  let db: Db;
  let acme: string;
  let globex: string;
  let owner: { userId: string; email: string };
  let admin: { userId: string; email: string };
  let reviewer: { userId: string; email: string };
  let viewer: { userId: string; email: string };
  let outsider: { userId: string; email: string };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    acme = (await seedTeam(db, "Acme")).team.id;
    globex = (await seedTeam(db, "Globex")).team.id;
    owner = await member(db, acme, "owner");
    admin = await member(db, acme, "admin");
    reviewer = await member(db, acme, "reviewer");
    viewer = await member(db, acme, "viewer");
    outsider = await member(db, globex, "owner");
  });
  afterAll(() => database.dispose());

  describe("sign-in and membership", () => {
    it("accepts the right password only, whatever the email's case", async () => {
      expect(await verifyStaffPassword(db, { email: owner.email.toUpperCase(), password: "correct horse battery" })).toMatchObject({
        id: owner.userId,
      });
      expect(await verifyStaffPassword(db, { email: owner.email, password: "wrong" })).toBeNull();
      expect(await verifyStaffPassword(db, { email: "nobody@acme.test", password: "correct horse battery" })).toBeNull();
    });

    it("loads only the teams a user belongs to, with the role", async () => {
      const staff = await loadStaff(db, viewer.userId);
      expect(staff?.teams).toEqual([{ id: acme, name: "Acme", role: "viewer" }]);
    });
  });

  describe("cases", () => {
    it("lists only the tenant's cases: never another team's or mode's", async () => {
      const mine = await storedCase(db, acme, "live", { email: "iso-mine@example.com" });
      const otherMode = await storedCase(db, acme, "sandbox", { email: "iso-sandbox@example.com" });
      const otherTeam = await storedCase(db, globex, "live", { email: "iso-globex@example.com" });
      const live = await searchCases(db, { teamId: acme, mode: "live" }, { q: "iso-", limit: 100 });
      expect(live.ok && live.value.cases.map((c) => c.id)).toEqual([mine]);
      const byId = await searchCases(db, { teamId: acme, mode: "live" }, { q: otherTeam });
      expect(byId.ok && byId.value.cases).toEqual([]);
      const sandbox = await searchCases(db, { teamId: acme, mode: "sandbox" }, { q: "iso-" });
      expect(sandbox.ok && sandbox.value.cases.map((c) => c.id)).toEqual([otherMode]);
      expect((await getCaseDetail(db, { teamId: globex, mode: "live" }, mine)).ok).toBe(false);
      expect((await getCaseDetail(db, { teamId: acme, mode: "sandbox" }, mine)).ok).toBe(false);
    });

    it("finds a case by external id and by part of its email; pages by cursor", async () => {
      const tenant = { teamId: acme, mode: "live" as const };
      const base = Date.now() - 60_000;
      const ids = [];
      for (let i = 0; i < 3; i++)
        ids.push(
          await storedCase(db, acme, "live", {
            email: `pager-${i}@example.com`,
            externalId: `ext-pager-${i}`,
            createdAt: new Date(base + i * 1000),
          }),
        );
      const byExternal = await searchCases(db, tenant, { q: "ext-pager-1" });
      expect(byExternal.ok && byExternal.value.cases.map((c) => c.id)).toEqual([ids[1]]);
      const first = await searchCases(db, tenant, { q: "pager-", limit: 2 });
      if (!first.ok) throw new Error("search failed");
      expect(first.value.cases.map((c) => c.id)).toEqual([ids[2], ids[1]]);
      const second = await searchCases(db, tenant, { q: "pager-", limit: 2, cursor: first.value.nextCursor! });
      expect(second.ok && second.value.cases.map((c) => c.id)).toEqual([ids[0]]);
      expect((await searchCases(db, tenant, { cursor: "not-a-cursor" })).ok).toBe(false);
    });

    it("in sandbox also lists the canned cases, so case 444 can be found (and is read-only)", async () => {
      const found = await searchCases(db, { teamId: acme, mode: "sandbox" }, { q: "444" });
      expect(found.ok && found.value.cases.map((c) => [c.id, c.canned, c.status])).toEqual([["444", true, "Refused"]]);
      const refused = await searchCases(db, { teamId: acme, mode: "sandbox" }, { status: "Refused" });
      expect(found.ok && refused.ok && refused.value.cases.some((c) => c.id === "444")).toBe(true);
      expect(
        (await searchCases(db, { teamId: acme, mode: "live" }, { q: "444" })).ok &&
          (await searchCases(db, { teamId: acme, mode: "live" }, { q: "444" })),
      ).toMatchObject({ value: { cases: [] } });
      const detail = await getCaseDetail(db, { teamId: acme, mode: "sandbox" }, "444");
      expect(detail.ok && [detail.value.canned, detail.value.needsReview, detail.value.record.checks.length]).toEqual([true, false, 3]);
      const review = await reviewCase(
        db,
        { teamId: acme, mode: "sandbox" },
        { staff: reviewer, verificationId: "444", decision: "approve", note: "ok", expectedStatus: "Refused" },
      );
      expect(!review.ok && review.error.kind).toBe("refused");
    });

    it("shows the spec's display states of the canned vouch and address-only cases (service-interface §3 and the sandbox table)", async () => {
      const states: Record<string, string | null> = {};
      for (const id of ["333", "555", "666", "777", "888", "999"]) {
        const found = await searchCases(db, { teamId: acme, mode: "sandbox" }, { q: id });
        states[id] = found.ok ? (found.value.cases[0]?.displayState ?? null) : "error";
      }
      expect(states).toEqual({
        "333": null,
        "555": "Awaiting a vouch",
        "666": "Verified by vouch",
        "777": null,
        "888": "Address only",
        "999": "Awaiting a vouch",
      });
      // The list filters by those display states too.
      const filtered: Record<string, string[]> = {};
      for (const display of ["awaiting_vouch", "verified_by_vouch", "address_only"] as const) {
        const found = await searchCases(db, { teamId: acme, mode: "sandbox" }, { display });
        filtered[display] = found.ok ? found.value.cases.filter((c) => c.canned).map((c) => c.id) : [];
      }
      expect(filtered).toEqual({ awaiting_vouch: ["555", "999"], verified_by_vouch: ["666"], address_only: ["888"] });
    });
  });

  describe("review", () => {
    it("refuses a viewer's approval on the server and leaves the case as it was", async () => {
      const tenant = { teamId: acme, mode: "sandbox" as const };
      const id = await refusedCase(db, acme, "sandbox");
      const result = await reviewCase(db, tenant, {
        staff: viewer,
        verificationId: id,
        decision: "approve",
        note: "looks fine",
        expectedStatus: "Refused",
      });
      expect(!result.ok && result.error.kind).toBe("forbidden");
      const detail = await getCaseDetail(db, tenant, id);
      expect(detail.ok && [detail.value.record.status, detail.value.needsReview, detail.value.timeline.length]).toEqual([
        "Refused",
        true,
        2,
      ]);
    });

    it("a reviewer approves through the state machine: timeline with who and the note; a second decision is refused", async () => {
      const tenant = { teamId: acme, mode: "sandbox" as const };
      const id = await refusedCase(db, acme, "sandbox");
      const result = await reviewCase(db, tenant, {
        staff: reviewer,
        verificationId: id,
        decision: "approve",
        note: "Passport checked by phone",
        expectedStatus: "Refused",
      });
      expect(result.ok && result.value.record.status).toBe("Verified");
      const detail = await getCaseDetail(db, tenant, id);
      if (!detail.ok) throw new Error("detail");
      expect(detail.value.needsReview).toBe(false);
      expect(detail.value.timeline.slice(-2).map((e) => [e.event, e.toStatus, e.actorEmail, e.note])).toEqual([
        ["ManuallyReviewed", "ManuallyReviewed", reviewer.email, "Passport checked by phone"],
        ["Verified", "Verified", reviewer.email, "Passport checked by phone"],
      ]);
      const again = await reviewCase(db, tenant, {
        staff: owner,
        verificationId: id,
        decision: "reject",
        note: "again",
        expectedStatus: "Verified",
      });
      expect(again.ok).toBe(false);
    });

    it("a refusal stays Refused and does not ask for review again; notes are required", async () => {
      const tenant = { teamId: acme, mode: "live" as const };
      const id = await refusedCase(db, acme, "live");
      const noNote = await reviewCase(db, tenant, {
        staff: admin,
        verificationId: id,
        decision: "reject",
        note: "  ",
        expectedStatus: "Refused",
      });
      expect(!noNote.ok && noNote.error.detail?.note).toBeTruthy();
      const result = await reviewCase(db, tenant, {
        staff: admin,
        verificationId: id,
        decision: "reject",
        note: "Document forged",
        expectedStatus: "Refused",
      });
      expect(result.ok && result.value.record.status).toBe("Refused");
      const detail = await getCaseDetail(db, tenant, id);
      expect(detail.ok && detail.value.needsReview).toBe(false);
      const twice = await reviewCase(db, tenant, {
        staff: admin,
        verificationId: id,
        decision: "approve",
        note: "changed my mind",
        expectedStatus: "Refused",
      });
      expect(!twice.ok && twice.error.kind).toBe("conflict");
    });

    it("another team's member gets not_found, and so does the right team in the wrong mode", async () => {
      const id = await refusedCase(db, acme, "live");
      const foreign = await reviewCase(
        db,
        { teamId: acme, mode: "live" },
        { staff: outsider, verificationId: id, decision: "approve", note: "x", expectedStatus: "Refused" },
      );
      expect(!foreign.ok && foreign.error.kind).toBe("not_found");
      const ownTeamAsTenant = await reviewCase(
        db,
        { teamId: globex, mode: "live" },
        { staff: outsider, verificationId: id, decision: "approve", note: "x", expectedStatus: "Refused" },
      );
      expect(!ownTeamAsTenant.ok && ownTeamAsTenant.error.kind).toBe("not_found");
      const wrongMode = await reviewCase(
        db,
        { teamId: acme, mode: "sandbox" },
        { staff: reviewer, verificationId: id, decision: "approve", note: "x", expectedStatus: "Refused" },
      );
      expect(!wrongMode.ok && wrongMode.error.kind).toBe("not_found");
    });
  });

  describe("integrations and settings", () => {
    it("only owners and admins create and revoke credentials, in the tenant's mode only", async () => {
      const sandbox = { teamId: acme, mode: "sandbox" as const };
      expect(await createCredential(db, sandbox, { staff: reviewer, name: "nope" })).toMatchObject({
        ok: false,
        error: { kind: "forbidden" },
      });
      const created = await createCredential(db, sandbox, { staff: admin, name: "Backend sandbox" });
      if (!created.ok) throw new Error(created.error.message);
      expect(created.value.clientSecret.startsWith("sandbox-")).toBe(true);
      expect(await revokeCredential(db, { teamId: acme, mode: "live" }, { staff: admin, clientId: created.value.clientId })).toMatchObject({
        ok: false,
        error: { kind: "not_found" },
      });
      expect(await revokeCredential(db, sandbox, { staff: viewer, clientId: created.value.clientId })).toMatchObject({
        ok: false,
        error: { kind: "forbidden" },
      });
      expect((await revokeCredential(db, sandbox, { staff: owner, clientId: created.value.clientId })).ok).toBe(true);
    });

    it("sets the default redirect URL for admins only, and validates it", async () => {
      expect(await setDefaultRedirectUrl(db, { staff: viewer, teamId: acme, url: "https://acme.test/done" })).toMatchObject({
        ok: false,
        error: { kind: "forbidden" },
      });
      expect(await setDefaultRedirectUrl(db, { staff: admin, teamId: acme, url: "javascript:alert(1)" })).toMatchObject({
        ok: false,
        error: { kind: "invalid" },
      });
      expect(await setDefaultRedirectUrl(db, { staff: admin, teamId: acme, url: "https://acme.test/done" })).toMatchObject({
        ok: true,
        value: { defaultRedirectUrl: "https://acme.test/done" },
      });
      expect(await setDefaultRedirectUrl(db, { staff: outsider, teamId: acme, url: "https://evil.test" })).toMatchObject({
        ok: false,
        error: { kind: "not_found" },
      });
    });
  });

  describe("monitored accounts", () => {
    it("lists the tenant's accounts (plus the canned ones in sandbox) and acknowledges with the right role only", async () => {
      const live = { teamId: acme, mode: "live" as const };
      await db.insert(monitoredAccounts).values([
        { id: "acc_acme_live", teamId: acme, mode: "live", firstName: "Ana", lastName: "One", status: "New", riskType: "sanction" },
        { id: "acc_globex_live", teamId: globex, mode: "live", firstName: "Gus", lastName: "Two", status: "New" },
      ]);
      await db.insert(accountAlerts).values({ id: "alert_acme_live", teamId: acme, mode: "live", accountId: "acc_acme_live", matches: [] });
      const listed = await listConsoleAccounts(db, live);
      expect(listed.map((a) => [a.id, a.openAlerts])).toEqual([["acc_acme_live", 1]]);
      const sandbox = await listConsoleAccounts(db, { teamId: acme, mode: "sandbox" });
      expect(sandbox.map((a) => a.id)).toEqual(["sl_sandbox_001", "sl_sandbox_002"]);
      expect(await acknowledgeAlerts(db, live, { staff: viewer, accountId: "acc_acme_live" })).toMatchObject({
        ok: false,
        error: { kind: "forbidden" },
      });
      expect(await acknowledgeAlerts(db, live, { staff: reviewer, accountId: "acc_globex_live" })).toMatchObject({
        ok: false,
        error: { kind: "not_found" },
      });
      expect((await acknowledgeAlerts(db, live, { staff: reviewer, accountId: "acc_acme_live" })).ok).toBe(true);
      const after = await listConsoleAccounts(db, live);
      expect(after.map((a) => [a.status, a.openAlerts])).toEqual([["Acknowledged", 0]]);
    });

    it("adds a sandbox test account with an open alert (sandbox only) that can be acknowledged", async () => {
      const sandbox = { teamId: acme, mode: "sandbox" as const };
      expect(await addSandboxTestAccount(db, { teamId: acme, mode: "live" }, { staff: admin })).toMatchObject({
        ok: false,
        error: { kind: "refused" },
      });
      const added = await addSandboxTestAccount(db, sandbox, { staff: reviewer });
      if (!added.ok) throw new Error(added.error.message);
      expect((await listConsoleAccounts(db, sandbox)).find((a) => a.id === added.value.id)).toMatchObject({
        status: "New",
        openAlerts: 1,
        canned: false,
      });
      expect(await acknowledgeAlerts(db, sandbox, { staff: reviewer, accountId: "sl_sandbox_001" })).toMatchObject({
        ok: false,
        error: { kind: "refused" },
      });
      expect((await acknowledgeAlerts(db, sandbox, { staff: reviewer, accountId: added.value.id })).ok).toBe(true);
      expect((await listConsoleAccounts(db, { teamId: acme, mode: "live" })).some((a) => a.id === added.value.id)).toBe(false);
    });
  });

  describe("audit and overview", () => {
    it("shows the tenant's audit entries with the staff member's email, never another team's or mode's", async () => {
      const live = await listAuditEntries(db, { teamId: acme, mode: "live" }, { limit: 200 });
      if (!live.ok) throw new Error("audit");
      expect(live.value.items.every((e) => e.mode === "live" || e.mode === null)).toBe(true);
      expect(live.value.items.some((e) => e.action === "verification.reject" && e.actorEmail === admin.email)).toBe(true);
      const globexEntries = await listAuditEntries(db, { teamId: globex, mode: "live" }, { limit: 200 });
      expect(globexEntries.ok && globexEntries.value.items.some((e) => e.actorEmail === admin.email)).toBe(false);
    });

    it("counts the tenant's cases by day and status, and what needs review", async () => {
      const team = (await seedTeam(db, "Initech")).team.id;
      await refusedCase(db, team, "live");
      await storedCase(db, team, "live");
      await storedCase(db, team, "sandbox");
      const stats = await getOverviewStats(db, { teamId: team, mode: "live" });
      expect(stats.totals).toMatchObject({ cases: 2, needsReview: 1 });
      expect(stats.casesByDay).toHaveLength(14);
      expect(stats.casesByDay.at(-1)).toMatchObject({ Refused: 1, InProgress: 1 });
    });
  });

  describe("invitations", () => {
    it("only owners and admins invite, never above their own role", async () => {
      const base = { teamId: acme, secret: SECRET, baseUrl: "https://idv.test" };
      expect(await inviteMember(db, { ...base, staff: viewer, email: "new@acme.test", role: "viewer" })).toMatchObject({
        ok: false,
        error: { kind: "forbidden" },
      });
      expect(await inviteMember(db, { ...base, staff: admin, email: "new@acme.test", role: "owner" })).toMatchObject({
        ok: false,
        error: { kind: "forbidden" },
      });
      expect(await inviteMember(db, { ...base, staff: admin, email: reviewer.email, role: "viewer" })).toMatchObject({
        ok: false,
        error: { kind: "conflict" },
      });
    });

    it("the link makes a member with the invited role once; a tampered or reused link does nothing", async () => {
      const invited = await inviteMember(db, {
        staff: owner,
        teamId: acme,
        email: "Joiner@Acme.test",
        role: "viewer",
        secret: SECRET,
        baseUrl: "https://idv.test",
      });
      if (!invited.ok) throw new Error(invited.error.message);
      const token = invited.value.link.split("/console/invite/")[1]!;
      expect((await readInvite(db, { token: token.slice(0, -2) + "xx", secret: SECRET })).ok).toBe(false);
      expect((await readInvite(db, { token, secret: "another-secret-another-secret-12" })).ok).toBe(false);
      expect(await acceptInvite(db, { token, secret: SECRET, password: "short" })).toMatchObject({ ok: false, error: { kind: "invalid" } });
      expect(await acceptInvite(db, { token, secret: SECRET, password: "a long enough password" })).toMatchObject({
        ok: true,
        value: { email: "joiner@acme.test" },
      });
      const joined = await verifyStaffPassword(db, { email: "joiner@acme.test", password: "a long enough password" });
      expect((await loadStaff(db, joined!.id))?.teams).toEqual([{ id: acme, name: "Acme", role: "viewer" }]);
      expect((await acceptInvite(db, { token, secret: SECRET, password: "another long password" })).ok).toBe(false);
    });
  });

  describe("switching a case to another workflow", () => {
    it("a reviewer moves an in-progress case; the timeline and audit say who, from what and why; a viewer is refused", async () => {
      const tenant = { teamId: acme, mode: "live" as const };
      const id = await storedCase(db, acme, "live");
      expect(
        await switchCaseWorkflow(db, tenant, { staff: viewer, verificationId: id, workflowId: "sandbox-flow-referee", note: "" }),
      ).toMatchObject({ ok: false, error: { kind: "forbidden" } });
      expect(
        await switchCaseWorkflow(db, tenant, { staff: reviewer, verificationId: id, workflowId: "no-such-flow", note: "" }),
      ).toMatchObject({ ok: false, error: { kind: "invalid" } });
      expect(
        await switchCaseWorkflow(
          db,
          { teamId: globex, mode: "live" },
          { staff: outsider, verificationId: id, workflowId: "sandbox-flow-referee", note: "" },
        ),
      ).toMatchObject({ ok: false, error: { kind: "not_found" } });

      const switched = await switchCaseWorkflow(db, tenant, {
        staff: reviewer,
        verificationId: id,
        workflowId: "sandbox-flow-referee",
        note: "No passport to hand",
      });
      expect(switched.ok && switched.value).toMatchObject({ id, workflow_id: "sandbox-flow-referee", status: "InProgress" });
      const [last] = await db
        .select()
        .from(verificationEvents)
        .where(eq(verificationEvents.verificationId, id))
        .orderBy(desc(verificationEvents.createdAt))
        .limit(1);
      expect(last).toMatchObject({
        event: "WorkflowChanged",
        fromStatus: "InProgress",
        toStatus: "InProgress",
        note: "Workflow flow → sandbox-flow-referee: No passport to hand",
      });
      expect(
        await switchCaseWorkflow(db, tenant, { staff: reviewer, verificationId: id, workflowId: "sandbox-flow-referee", note: "" }),
      ).toMatchObject({ ok: false, error: { kind: "invalid" } });

      // Only while in progress: a case that needs review keeps its workflow; canned sandbox cases never change.
      const refused = await refusedCase(db, acme, "live");
      expect(
        await switchCaseWorkflow(db, tenant, { staff: reviewer, verificationId: refused, workflowId: "sandbox-flow", note: "" }),
      ).toMatchObject({ ok: false, error: { kind: "conflict" } });
      expect(
        await switchCaseWorkflow(
          db,
          { teamId: acme, mode: "sandbox" },
          { staff: reviewer, verificationId: "111", workflowId: "sandbox-flow-referee", note: "" },
        ),
      ).toMatchObject({ ok: false, error: { kind: "refused" } });
    });
  });
});
