import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { auditLog, blocklistEntries, type Role } from "@/lib/db/schema";
import { addBlocklistEntry } from "@/lib/server/blocklist/add-blocklist-entry";
import { listBlocklistEntries } from "@/lib/server/blocklist/list-blocklist-entries";
import { matchBlocklist } from "@/lib/server/blocklist/match-blocklist";
import { removeBlocklistEntry } from "@/lib/server/blocklist/remove-blocklist-entry";
import { runCli } from "@/lib/server/cli/run-cli";
import { SAMPLE_RESIDENCY } from "@/lib/server/enrichments/credit-bureau/ensure-sample-residency";
import { emailKey, identityKey } from "@/lib/server/network/keys";
import { randomToken } from "@/lib/server/shared/crypto";
import { addStaffMember } from "@/lib/server/teams/add-staff-member";
import { createTeam } from "@/lib/server/teams/create-team";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

process.env.NETWORK_KEY = "blocklist-test-network-key-0123456789abcdef";
const NETWORK_KEY = process.env.NETWORK_KEY;
const SYSTEM = { type: "system" as const, id: "test" };

/** What the risk engine hands over for one person: keys of the email and identity, maybe a face. */
function probe(
  email: string,
  person: { firstName: string; lastName: string; dateOfBirth: string } | null = null,
  faceEmbedding: number[] | null = null,
) {
  return {
    emailKey: emailKey(NETWORK_KEY, email),
    identityKey: person ? identityKey(NETWORK_KEY, person) : null,
    faceEmbedding,
    faceThreshold: 0.7,
  };
}

/** A unit vector pointing mostly along axis `i` (1024-d, like the face pipeline's). */
function face(i: number, noise = 0): number[] {
  const v = Array.from({ length: 1024 }, (_, k) => (k === i ? 1 : Math.sin(k * 7 + i) * noise));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

describeEngines("platform blocklist on %s", (engine) => {
  let database: TestDatabase;
  let db: Db;
  let acme: string;
  let globex: string;
  const staff: Partial<Record<Role | "outsider", { userId: string }>> = {};

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    const team = async (name: string) => {
      const created = await createTeam(db, { name, actor: SYSTEM });
      if (!created.ok) throw new Error(created.error.message);
      return created.value.id;
    };
    acme = await team("Acme");
    globex = await team("Globex");
    for (const [role, teamId] of [
      ["owner", acme],
      ["admin", acme],
      ["reviewer", acme],
      ["outsider", globex],
    ] as const) {
      const added = await addStaffMember(db, {
        teamId,
        email: `${role}-${randomToken(4)}@example.com`.toLowerCase(),
        password: "correct horse battery",
        role: role === "outsider" ? "owner" : role,
        actor: SYSTEM,
      });
      if (!added.ok) throw new Error(added.error.message);
      staff[role] = { userId: added.value.userId };
    }
  });
  afterAll(() => database.dispose());

  it("matches an email entry by the same mailbox with a +tag, case or Gmail dots", async () => {
    const added = await addBlocklistEntry(db, {
      by: { staff: staff.owner!, teamId: acme },
      subject: { kind: "email", email: "Fraud.Ster@gmail.com" },
      reason: "Account takeover ring",
      networkKey: NETWORK_KEY,
    });
    expect(added.ok && added.value.entry).toMatchObject({
      kind: "email",
      label: "fraud.ster@gmail.com",
      reason: "Account takeover ring",
      addedByTeamId: acme,
    });
    for (const variant of ["fraud.ster+shop@gmail.com", "FRAUDSTER@googlemail.com", "f.r.a.u.d.s.t.e.r+x@gmail.com"]) {
      const found = await matchBlocklist(db, probe(variant));
      expect(found.matched, variant).toBe(true);
      expect(found.entries).toEqual([{ id: added.ok ? added.value.entry.id : "", kind: "email", reason: "Account takeover ring" }]);
    }
    expect((await matchBlocklist(db, probe("fraud.ster@outlook.com"))).matched).toBe(false);
  });

  it("matches a name + date of birth entry in another word order and spelling of case and accents", async () => {
    const added = await runCli(db, [
      "blocklist-add",
      "--first-name",
      "Zoë",
      "--last-name",
      "van der Berg",
      "--date-of-birth",
      "1988-03-04",
      "--reason",
      "Synthetic identity",
    ]);
    expect(added.exitCode).toBe(0);
    expect(added.output).toMatchObject({
      ok: true,
      entry: { kind: "identity", label: "Zoë van der Berg, born 1988-03-04", addedByTeamId: null },
    });
    const found = await matchBlocklist(
      db,
      probe("someone@example.com", { firstName: "Van der Berg", lastName: "ZOE", dateOfBirth: "1988-03-04" }),
    );
    expect(found.entries.map((e) => [e.kind, e.reason])).toEqual([["identity", "Synthetic identity"]]);
    expect(
      (await matchBlocklist(db, probe("someone@example.com", { firstName: "Zoe", lastName: "van der Berg", dateOfBirth: "1988-03-05" })))
        .matched,
    ).toBe(false);
  });

  it("platform-level changes are audited with no team: CLI blocklist entries and their removal, AML list and residency imports", async () => {
    const added = await runCli(db, ["blocklist-add", "--email", "audit.me@example.com", "--reason", "Card testing"]);
    const id = (added.output as { entry: { id: string } }).entry.id;
    expect((await runCli(db, ["blocklist-remove", "--id", id])).exitCode).toBe(0);
    expect((await runCli(db, ["import-aml-list", "--file", "datasets/aml/un-consolidated-sample.xml"])).exitCode).toBe(0);
    expect((await runCli(db, ["import-residency", "--file", SAMPLE_RESIDENCY, "--name", "Audited"])).exitCode).toBe(0);
    const listed = await runCli(db, ["audit-list", "--limit", "10"]);
    const entries = (listed.output as { entries: { teamId: string | null; actorType: string; action: string; targetId: string | null }[] })
      .entries;
    expect(entries.every((e) => e.teamId === null && e.actorType === "cli")).toBe(true);
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(["blocklist.entry_added", "blocklist.entry_removed", "aml.list_imported", "residency.dataset_imported"]),
    );
    expect(
      entries
        .filter((e) => e.targetId === id)
        .map((e) => e.action)
        .sort(),
    ).toEqual(["blocklist.entry_added", "blocklist.entry_removed"]);
    // No team's console sees them.
    expect(await db.select().from(auditLog).where(eq(auditLog.teamId, acme))).not.toContainEqual(expect.objectContaining({ targetId: id }));
    expect((await runCli(db, ["audit-list", "--limit", "0"])).exitCode).toBe(2);
  });

  it("matches a face at or above the caller's threshold only", async () => {
    const added = await addBlocklistEntry(db, {
      by: { platform: SYSTEM },
      subject: { kind: "face", embedding: face(3).map((x) => x * 5), label: "Selfie from case 42" },
      reason: "Same face on five identities",
      networkKey: NETWORK_KEY,
    });
    expect(added.ok).toBe(true);
    const [row] = await db.select().from(blocklistEntries).where(eq(blocklistEntries.kind, "face"));
    expect(Math.hypot(...row!.faceEmbedding!)).toBeCloseTo(1, 4);
    expect((await matchBlocklist(db, probe("a@example.com", null, face(3, 0.01)))).entries.map((e) => e.kind)).toEqual(["face"]);
    expect((await matchBlocklist(db, probe("a@example.com", null, face(700, 0.01)))).matched).toBe(false);
    // Without a face, face entries are not read at all.
    expect((await matchBlocklist(db, probe("a@example.com"))).matched).toBe(false);
  });

  it("lets owners and admins change the blocklist, not reviewers or other teams' members", async () => {
    const reviewer = await addBlocklistEntry(db, {
      by: { staff: staff.reviewer!, teamId: acme },
      subject: { kind: "email", email: "x@example.com" },
      reason: "x",
      networkKey: NETWORK_KEY,
    });
    expect(reviewer).toMatchObject({ ok: false, error: { kind: "forbidden" } });
    const outsider = await addBlocklistEntry(db, {
      by: { staff: staff.outsider!, teamId: acme },
      subject: { kind: "email", email: "x@example.com" },
      reason: "x",
      networkKey: NETWORK_KEY,
    });
    expect(outsider).toMatchObject({ ok: false, error: { kind: "not_found" } });
    const admin = await addBlocklistEntry(db, {
      by: { staff: staff.admin!, teamId: acme },
      subject: { kind: "identity", firstName: "Eve", lastName: "Mallory", dateOfBirth: "1990-02-30" },
      reason: "x",
      networkKey: NETWORK_KEY,
    });
    expect(admin).toMatchObject({ ok: false, error: { kind: "invalid", detail: { dateOfBirth: "Must be a past date, YYYY-MM-DD" } } });
    const twice = await addBlocklistEntry(db, {
      by: { staff: staff.admin!, teamId: acme },
      subject: { kind: "email", email: "fraud.ster+again@gmail.com" },
      reason: "dup",
      networkKey: NETWORK_KEY,
    });
    expect(twice).toMatchObject({ ok: false, error: { kind: "conflict" } });
    // Another team may list the same person: each team keeps its own entries.
    const globexEntry = await addBlocklistEntry(db, {
      by: { staff: staff.outsider!, teamId: globex },
      subject: { kind: "email", email: "fraud.ster@gmail.com" },
      reason: "Seen here too",
      networkKey: NETWORK_KEY,
    });
    expect(globexEntry.ok).toBe(true);
  });

  it("shows a team only its own entries; the CLI sees all", async () => {
    const mine = await listBlocklistEntries(db, { teamId: acme });
    expect(mine.map((e) => e.label)).toEqual(["fraud.ster@gmail.com"]);
    const theirs = await listBlocklistEntries(db, { teamId: globex });
    expect(theirs.map((e) => e.reason)).toEqual(["Seen here too"]);
    const all = await runCli(db, ["blocklist-list"]);
    expect((all.output as { entries: { label: string }[] }).entries.map((e) => e.label).sort()).toEqual(
      ["Selfie from case 42", "Zoë van der Berg, born 1988-03-04", "fraud.ster@gmail.com", "fraud.ster@gmail.com"].sort(),
    );
  });

  it("removes entries: a team its own only, the CLI any; removed entries stop matching", async () => {
    const [acmeEntry] = await listBlocklistEntries(db, { teamId: acme });
    const [globexEntry] = await listBlocklistEntries(db, { teamId: globex });
    const notTheirs = await removeBlocklistEntry(db, { by: { staff: staff.outsider!, teamId: globex }, id: acmeEntry!.id });
    expect(notTheirs).toMatchObject({ ok: false, error: { kind: "not_found" } });
    const reviewer = await removeBlocklistEntry(db, { by: { staff: staff.reviewer!, teamId: acme }, id: acmeEntry!.id });
    expect(reviewer).toMatchObject({ ok: false, error: { kind: "forbidden" } });
    const removed = await removeBlocklistEntry(db, { by: { staff: staff.admin!, teamId: acme }, id: acmeEntry!.id });
    expect(removed.ok && removed.value.entry.removedAt).toBeTruthy();
    // Globex's entry for the same mailbox still matches.
    expect((await matchBlocklist(db, probe("fraud.ster@gmail.com"))).entries.map((e) => e.id)).toEqual([globexEntry!.id]);
    expect((await runCli(db, ["blocklist-remove", "--id", globexEntry!.id])).exitCode).toBe(0);
    expect((await matchBlocklist(db, probe("fraud.ster@gmail.com"))).matched).toBe(false);
    expect((await runCli(db, ["blocklist-remove", "--id", globexEntry!.id])).exitCode).toBe(1);
    expect(await listBlocklistEntries(db, { teamId: acme })).toEqual([]);
    expect((await listBlocklistEntries(db, { teamId: acme, includeRemoved: true })).map((e) => e.id)).toEqual([acmeEntry!.id]);
  });

  it("writes every team change to that team's audit log", async () => {
    const acmeLog = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, acme), eq(auditLog.targetType, "blocklist_entry")));
    expect(acmeLog.map((a) => [a.action, a.actorType]).sort()).toEqual([
      ["blocklist.entry_added", "staff"],
      ["blocklist.entry_removed", "staff"],
    ]);
    const globexLog = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, globex), eq(auditLog.targetType, "blocklist_entry")));
    // The CLI removed Globex's entry: recorded in Globex's log as the CLI's doing.
    expect(globexLog.map((a) => [a.action, a.actorType]).sort()).toEqual([
      ["blocklist.entry_added", "staff"],
      ["blocklist.entry_removed", "cli"],
    ]);
  });

  it("refuses CLI calls without a subject or with both kinds", async () => {
    expect((await runCli(db, ["blocklist-add", "--reason", "x"])).exitCode).toBe(2);
    expect((await runCli(db, ["blocklist-add", "--email", "a@b.co", "--first-name", "A", "--reason", "x"])).exitCode).toBe(2);
    expect((await runCli(db, ["blocklist-add", "--email", "not-an-email", "--reason", "x"])).output).toMatchObject({
      ok: false,
      error: { kind: "invalid", detail: { email: "Must be an email address" } },
    });
  });
});
