import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { auditLog, outboundEmails, type Role } from "@/lib/db/schema";
import { acceptInvite, readInvite } from "@/lib/server/console/accept-invite";
import { authorizeStaff, loadStaff } from "@/lib/server/console/authorize-staff";
import { changeMemberRole } from "@/lib/server/console/change-member-role";
import { inviteMember } from "@/lib/server/console/invite-member";
import { listMembers } from "@/lib/server/console/list-members";
import { removeMember } from "@/lib/server/console/remove-member";
import { createMailer } from "@/lib/server/mail/create-mailer";
import { getOutboundEmail } from "@/lib/server/mail/get-outbound-email";
import { listOutboundEmails } from "@/lib/server/mail/list-outbound-emails";
import { createSmtpMailer } from "@/lib/server/mail/smtp-mailer";
import { randomToken } from "@/lib/server/shared/crypto";
import { updateRiskSettings } from "@/lib/server/settings/update-risk-settings";
import { addStaffMember } from "@/lib/server/teams/add-staff-member";
import { createTeam } from "@/lib/server/teams/create-team";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { closedPort, plainText, startSmtpTestServer } from "../support/smtp-test-server";

const SYSTEM = { type: "system" as const };
const SECRET = "members-test-secret-members-test-secret";
const BASE = "https://idv.test";

type Staff = { userId: string; email: string };

async function newTeam(db: Db, name: string) {
  const team = await createTeam(db, { name, actor: SYSTEM });
  if (!team.ok) throw new Error(team.error.message);
  return team.value.id;
}

async function member(db: Db, teamId: string, role: Role): Promise<Staff> {
  const email = `${role}-${randomToken(4)}@members.test`.toLowerCase();
  const added = await addStaffMember(db, { teamId, email, password: "correct horse battery", role, actor: SYSTEM });
  if (!added.ok) throw new Error(added.error.message);
  return { userId: added.value.userId, email };
}

const roleOf = async (db: Db, teamId: string, userId: string) =>
  (await listMembers(db, teamId)).find((m) => m.userId === userId)?.role ?? null;

describeEngines("members and mail on %s", (engine) => {
  let database: TestDatabase;
  let db: Db;
  let acme: string;
  let globex: string;
  let owner: Staff;
  let admin: Staff;
  let reviewer: Staff;
  let viewer: Staff;
  let outsider: Staff;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    acme = await newTeam(db, "Acme");
    globex = await newTeam(db, "Globex");
    owner = await member(db, acme, "owner");
    admin = await member(db, acme, "admin");
    reviewer = await member(db, acme, "reviewer");
    viewer = await member(db, acme, "viewer");
    outsider = await member(db, globex, "owner");
  });
  afterAll(() => database.dispose());

  describe("member roles", () => {
    it("an owner changes a role; it is audit-logged with before and after, and applies at once", async () => {
      const target = await member(db, acme, "reviewer");
      const changed = await changeMemberRole(db, { staff: owner, teamId: acme, userId: target.userId, role: "admin" });
      expect(changed).toEqual({ ok: true, value: { userId: target.userId, role: "admin", previousRole: "reviewer" } });
      expect(await roleOf(db, acme, target.userId)).toBe("admin");
      expect((await authorizeStaff(db, { staff: target, teamId: acme, permission: "manage_settings" })).ok).toBe(true);
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "member.role_changed"), eq(auditLog.targetId, target.userId)));
      expect(entry).toMatchObject({ actorId: owner.userId, metadata: { email: target.email, before: "reviewer", after: "admin" } });
      // The same role again changes nothing and records nothing.
      expect((await changeMemberRole(db, { staff: owner, teamId: acme, userId: target.userId, role: "admin" })).ok).toBe(true);
      expect(
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "member.role_changed"), eq(auditLog.targetId, target.userId))),
      ).toHaveLength(1);
    });

    it("refuses on the server: reviewers and viewers, admins above their role, other teams, unknown members", async () => {
      const target = await member(db, acme, "viewer");
      const attempt = (staff: Staff, role: Role, userId = target.userId) => changeMemberRole(db, { staff, teamId: acme, userId, role });
      expect(await attempt(reviewer, "reviewer")).toMatchObject({ ok: false, error: { kind: "forbidden" } });
      expect(await attempt(viewer, "reviewer")).toMatchObject({ ok: false, error: { kind: "forbidden" } });
      expect(await attempt(admin, "owner")).toMatchObject({ ok: false, error: { kind: "forbidden" } });
      expect(await attempt(admin, "viewer", owner.userId)).toMatchObject({ ok: false, error: { kind: "forbidden" } });
      expect(await removeMember(db, { staff: admin, teamId: acme, userId: owner.userId })).toMatchObject({
        ok: false,
        error: { kind: "forbidden" },
      });
      expect(await attempt(outsider, "reviewer")).toMatchObject({ ok: false, error: { kind: "not_found" } });
      expect(await attempt(owner, "reviewer", outsider.userId)).toMatchObject({ ok: false, error: { kind: "not_found" } });
      expect(await attempt(owner, "superuser" as Role)).toMatchObject({ ok: false, error: { kind: "invalid" } });
      expect(await roleOf(db, acme, target.userId)).toBe("viewer");
      // An admin does manage reviewers and viewers.
      expect(await attempt(admin, "reviewer")).toMatchObject({ ok: true, value: { role: "reviewer" } });
    });

    it("keeps the last owner: no demotion, no removal; a second owner makes it possible", async () => {
      const team = await newTeam(db, "Solo");
      const only = await member(db, team, "owner");
      expect(await changeMemberRole(db, { staff: only, teamId: team, userId: only.userId, role: "admin" })).toMatchObject({
        ok: false,
        error: { kind: "conflict", code: "last_owner" },
      });
      expect(await removeMember(db, { staff: only, teamId: team, userId: only.userId })).toMatchObject({
        ok: false,
        error: { kind: "conflict", code: "last_owner" },
      });
      const second = await member(db, team, "admin");
      expect((await changeMemberRole(db, { staff: only, teamId: team, userId: second.userId, role: "owner" })).ok).toBe(true);
      expect((await changeMemberRole(db, { staff: second, teamId: team, userId: only.userId, role: "viewer" })).ok).toBe(true);
      expect(await removeMember(db, { staff: second, teamId: team, userId: second.userId })).toMatchObject({
        ok: false,
        error: { kind: "conflict" },
      });
      expect((await listMembers(db, team)).filter((m) => m.role === "owner").map((m) => m.userId)).toEqual([second.userId]);
    });

    it("two owners demoting each other at the same moment: one wins, the team keeps an owner", async () => {
      const team = await newTeam(db, "Duel");
      const a = await member(db, team, "owner");
      const b = await member(db, team, "owner");
      const results = await Promise.all([
        changeMemberRole(db, { staff: a, teamId: team, userId: b.userId, role: "admin" }),
        changeMemberRole(db, { staff: b, teamId: team, userId: a.userId, role: "admin" }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({ error: { kind: expect.stringMatching(/^(conflict|forbidden)$/) } });
      expect((await listMembers(db, team)).filter((m) => m.role === "owner")).toHaveLength(1);
    });

    it("a removed member loses access at once and is audit-logged; an invitation brings them back", async () => {
      const gone = await member(db, acme, "admin");
      expect((await authorizeStaff(db, { staff: gone, teamId: acme, permission: "manage_settings" })).ok).toBe(true);
      expect(await removeMember(db, { staff: admin, teamId: acme, userId: gone.userId })).toEqual({
        ok: true,
        value: { userId: gone.userId, role: "admin" },
      });
      expect((await loadStaff(db, gone.userId))?.teams).toEqual([]);
      expect(await authorizeStaff(db, { staff: gone, teamId: acme, permission: "view" })).toMatchObject({
        ok: false,
        error: { kind: "not_found" },
      });
      expect(
        await updateRiskSettings(
          db,
          { teamId: acme, mode: "live" },
          { staff: gone, amlThreshold: 1, onlineFootprintThreshold: 1, retentionDays: null },
        ),
      ).toMatchObject({ ok: false, error: { kind: "not_found" } });
      expect(await changeMemberRole(db, { staff: gone, teamId: acme, userId: viewer.userId, role: "admin" })).toMatchObject({
        ok: false,
        error: { kind: "not_found" },
      });
      expect((await listMembers(db, acme)).some((m) => m.userId === gone.userId)).toBe(false);
      expect(await removeMember(db, { staff: owner, teamId: acme, userId: gone.userId })).toMatchObject({
        ok: false,
        error: { kind: "not_found" },
      });
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "member.removed"), eq(auditLog.targetId, gone.userId)));
      expect(entry).toMatchObject({ actorId: admin.userId, metadata: { email: gone.email, role: "admin" } });

      const invited = await inviteMember(db, {
        staff: owner,
        teamId: acme,
        email: gone.email,
        role: "viewer",
        secret: SECRET,
        baseUrl: BASE,
      });
      if (!invited.ok) throw new Error(invited.error.message);
      const token = invited.value.link.split("/console/invite/")[1]!;
      expect((await readInvite(db, { token, secret: SECRET })).ok).toBe(true);
      expect((await acceptInvite(db, { token, secret: SECRET, password: "correct horse battery" })).ok).toBe(true);
      expect(await roleOf(db, acme, gone.userId)).toBe("viewer");
    });
  });

  describe("invitation email and the mailbox", () => {
    it("without SMTP the local mailbox keeps the invitation; owners and admins read it, newest first", async () => {
      const team = await newTeam(db, "Mailbox Team");
      const boss = await member(db, team, "owner");
      const deputy = await member(db, team, "admin");
      const reader = await member(db, team, "viewer");
      const mailer = createMailer(db, { smtpUrl: null, from: "Verity <no-reply@verity.local>" });
      expect(mailer.transport).toBe("local");
      const links: string[] = [];
      for (const email of ["first@new.test", "second@new.test", "third@new.test"]) {
        const invited = await inviteMember(db, {
          staff: deputy,
          teamId: team,
          email,
          role: "reviewer",
          secret: SECRET,
          baseUrl: BASE,
          mailer,
        });
        if (!invited.ok) throw new Error(invited.error.message);
        expect(invited.value.email).toMatchObject({ transport: "local", status: "stored", error: null });
        links.push(invited.value.link);
      }
      const first = await listOutboundEmails(db, { staff: boss, teamId: team, limit: 2 });
      if (!first.ok) throw new Error(first.error.message);
      expect(first.value.items.map((e) => [e.to, e.status, e.transport])).toEqual([
        ["third@new.test", "stored", "local"],
        ["second@new.test", "stored", "local"],
      ]);
      expect(first.value.items[0]!.subject).toBe("You are invited to join Mailbox Team on Verity");
      const rest = await listOutboundEmails(db, { staff: deputy, teamId: team, limit: 2, cursor: first.value.nextCursor! });
      expect(rest.ok && rest.value.items.map((e) => e.to)).toEqual(["first@new.test"]);
      expect(rest.ok && rest.value.nextCursor).toBeNull();

      const opened = await getOutboundEmail(db, { staff: boss, teamId: team, id: first.value.items[0]!.id });
      expect(opened.ok && opened.value.text).toContain(links[2]);
      expect(opened.ok && opened.value.text).toContain("as reviewer");
      expect(opened.ok && opened.value.redacted).toBe(false);

      // Viewers cannot read the mailbox; other teams do not see this team's emails at all.
      expect(await listOutboundEmails(db, { staff: reader, teamId: team })).toMatchObject({ ok: false, error: { kind: "forbidden" } });
      expect(await getOutboundEmail(db, { staff: reader, teamId: team, id: first.value.items[0]!.id })).toMatchObject({
        ok: false,
        error: { kind: "forbidden" },
      });
      expect(await getOutboundEmail(db, { staff: outsider, teamId: globex, id: first.value.items[0]!.id })).toMatchObject({
        ok: false,
        error: { kind: "not_found" },
      });
      const globexMail = await listOutboundEmails(db, { staff: outsider, teamId: globex });
      expect(globexMail.ok && globexMail.value.items).toEqual([]);
    });

    it("an owner's invitation for an owner shows its link to owners only", async () => {
      const invited = await inviteMember(db, {
        staff: owner,
        teamId: acme,
        email: "co-owner@new.test",
        role: "owner",
        secret: SECRET,
        baseUrl: BASE,
      });
      if (!invited.ok) throw new Error(invited.error.message);
      const asOwner = await getOutboundEmail(db, { staff: owner, teamId: acme, id: invited.value.email.id });
      expect(asOwner.ok && asOwner.value.text).toContain(invited.value.link);
      const asAdmin = await getOutboundEmail(db, { staff: admin, teamId: acme, id: invited.value.email.id });
      if (!asAdmin.ok) throw new Error(asAdmin.error.message);
      expect(asAdmin.value.redacted).toBe(true);
      expect(asAdmin.value.text).not.toContain("/console/invite/");
      expect(asAdmin.value.text).toContain("link hidden");
    });

    it("the SMTP adapter delivers the invitation to a real SMTP server, with the link and the URL's credentials", async () => {
      const smtp = await startSmtpTestServer();
      try {
        const mailer = createMailer(db, {
          smtpUrl: smtp.url({ user: "mailer", pass: "s3cret pass" }),
          from: "Verity <no-reply@verity.test>",
        });
        expect(mailer.transport).toBe("smtp");
        const invited = await inviteMember(db, {
          staff: owner,
          teamId: acme,
          email: "Smtp.Person@New.test",
          role: "viewer",
          secret: SECRET,
          baseUrl: BASE,
          mailer,
        });
        if (!invited.ok) throw new Error(invited.error.message);
        expect(invited.value.email).toMatchObject({ transport: "smtp", status: "sent", error: null });
        expect(smtp.messages).toHaveLength(1);
        const [message] = smtp.messages;
        expect(message).toMatchObject({
          from: "no-reply@verity.test",
          to: ["smtp.person@new.test"],
          auth: { user: "mailer", pass: "s3cret pass" },
        });
        expect(message!.raw).toMatch(/^Subject: You are invited to join Acme on Verity$/m);
        expect(plainText(message!.raw)).toContain(invited.value.link);
        const [row] = await db.select().from(outboundEmails).where(eq(outboundEmails.id, invited.value.email.id));
        expect(row).toMatchObject({ transport: "smtp", status: "sent", to: "smtp.person@new.test", error: null, teamId: acme });
        expect(row!.sentAt).toBeInstanceOf(Date);
        expect(row!.text).toContain(invited.value.link);
      } finally {
        await smtp.close();
      }
    });

    it("records a refusal or an unreachable server as failed with the error; the invitation still stands", async () => {
      const smtp = await startSmtpTestServer({ rejectRecipients: ["nobody@new.test"] });
      try {
        const refusing = createSmtpMailer(db, { url: smtp.url(), from: "no-reply@verity.test" });
        const refused = await inviteMember(db, {
          staff: owner,
          teamId: acme,
          email: "nobody@new.test",
          role: "viewer",
          secret: SECRET,
          baseUrl: BASE,
          mailer: refusing,
        });
        if (!refused.ok) throw new Error(refused.error.message);
        expect(refused.value.link).toContain("/console/invite/");
        expect(refused.value.email).toMatchObject({ transport: "smtp", status: "failed", error: expect.stringContaining("550") });
        expect(smtp.messages).toHaveLength(0);
      } finally {
        await smtp.close();
      }
      const port = await closedPort();
      const unreachable = createSmtpMailer(db, { url: `smtp://127.0.0.1:${port}`, from: "no-reply@verity.test", timeoutMs: 2000 });
      const sent = await unreachable.send({ teamId: acme, to: "someone@new.test", subject: "Hello", text: "Hi" });
      expect(sent).toMatchObject({ transport: "smtp", status: "failed", error: expect.stringContaining("ECONNREFUSED") });
      const [row] = await db.select().from(outboundEmails).where(eq(outboundEmails.id, sent.id));
      expect(row).toMatchObject({ status: "failed", transport: "smtp", sentAt: null, error: expect.stringContaining("ECONNREFUSED") });
      const listed = await listOutboundEmails(db, { staff: owner, teamId: acme, limit: 1 });
      expect(listed.ok && listed.value.items[0]).toMatchObject({ id: sent.id, status: "failed" });
    });
  });
});
