import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { auditLog, residencyDatasets, residencyRecords, riskAssessments, verifications, type Mode } from "@/lib/db/schema";
import { runCli } from "@/lib/server/cli/run-cli";
import { creditBureauProvider } from "@/lib/server/enrichments/credit-bureau/built-in-bureau";
import { ensureSampleResidency, SAMPLE_RESIDENCY } from "@/lib/server/enrichments/credit-bureau/ensure-sample-residency";
import { fileFraudReport } from "@/lib/server/fraud-reports/file-fraud-report";
import { listFraudReports } from "@/lib/server/fraud-reports/list-fraud-reports";
import { nfdProvider } from "@/lib/server/fraud-reports/nfd-provider";
import type { EnrichmentContext } from "@/lib/server/risk/live/providers";
import { newId, randomToken } from "@/lib/server/shared/crypto";
import type { Address } from "@/lib/contract";
import { createTeam } from "@/lib/server/teams/create-team";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

process.env.NETWORK_KEY = "enrichments-test-network-key-0123456789abcdef";
const NETWORK_KEY = process.env.NETWORK_KEY;
const SYSTEM = { type: "system" as const, id: "test" };

async function newTeam(db: Db, name: string): Promise<string> {
  const team = await createTeam(db, { name, actor: SYSTEM });
  if (!team.ok) throw new Error(team.error.message);
  return team.value.id;
}

type Person = { first_name: string; last_name: string; email?: string; date_of_birth: string; address?: Address };

function context(db: Db, tenant: { teamId: string; mode: Mode }, person: Person): EnrichmentContext {
  return {
    db,
    tenant,
    subject: {
      request: { email: `${person.first_name}.${person.last_name}@example.com`.toLowerCase().replace(/[^a-z.@]/g, ""), ...person },
      thresholds: { aml: 96, online_footprint: 50 },
      faceScan: null,
      report: "headline",
    },
    assessmentId: newId("risk"),
    faceEmbedding: null,
    networkKey: NETWORK_KEY,
    now: new Date(),
  };
}

const downing: Address = { residence_number: "10", street: "Downing Street", city: "London", postcode: "SW1A 2AA", country_code: "GB" };
const martins2: Address = {
  residence_number: "2",
  street: "St Martin's Le Grand",
  city: "London",
  postcode: "EC1A 1BB",
  country_code: "GB",
};
const ada = { first_name: "Ada", last_name: "Lovelace", date_of_birth: "1985-12-10" };

/** The shipped sample, as rows, so tests pick real people from it. */
const sampleRows = parse(fs.readFileSync(SAMPLE_RESIDENCY), { columns: true }) as Record<string, string>[];

describeEngines("credit bureau on %s", (engine) => {
  let database: TestDatabase;
  let db: Db;
  let live: { teamId: string; mode: Mode };
  let dir: string;

  const bureau = (person: Person, mode: Mode = "live") => creditBureauProvider.run(context(db, { ...live, mode }, person));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    live = { teamId: await newTeam(db, "Acme"), mode: "live" };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "idv-residency-"));
  });
  afterAll(async () => {
    await database.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("has nothing to compare with before an import", async () => {
    const result = await bureau({ ...ada, address: downing });
    expect(result.state).toBe("NOT_PERFORMED");
    expect(result.checks.IDENTITY_MATCH?.reason).toMatch(/No residency dataset has been imported/);
  });

  it("imports the shipped sample through the CLI as a new dataset", async () => {
    const out = await runCli(db, ["import-residency", "--file", SAMPLE_RESIDENCY, "--name", "Sample residency data"]);
    expect(out.exitCode).toBe(0);
    expect(out.output).toMatchObject({ ok: true, imported: sampleRows.length, rejected: [] });
    expect(sampleRows.length).toBeGreaterThanOrEqual(300);
    const [dataset] = await db.select().from(residencyDatasets);
    expect(dataset).toMatchObject({
      name: "Sample residency data",
      fileName: "residency-sample.csv",
      recordCount: sampleRows.length,
      mode: "live",
    });
    expect(dataset!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const listed = await runCli(db, ["list-residency-datasets"]);
    expect((listed.output as { datasets: unknown[] }).datasets).toHaveLength(1);
    // The demo seed's helper does nothing once a dataset exists.
    await ensureSampleResidency(db);
    expect((await db.select({ n: count() }).from(residencyDatasets))[0]!.n).toBe(1);
  });

  it("passes both checks for a person at their own address", async () => {
    const result = await bureau({ ...ada, address: downing });
    expect(result.state).toBe("PASS");
    expect(result.checks.IDENTITY_MATCH).toEqual({
      state: "PASS",
      reason: "Name and date of birth match the bureau's records (Sample residency data)",
    });
    expect(result.checks.RESIDENCY_MATCH).toEqual({
      state: "PASS",
      reason: "The person is recorded at this address in the bureau's records (Sample residency data)",
    });
    expect(result.trustSignals).toEqual(["BUREAU_IDENTITY_MATCH", "BUREAU_RESIDENCY_MATCH"]);
  });

  it("finds generated people of the sample by house number and by building name", async () => {
    const flat = sampleRows.find((r) => r.building_name && r.date_of_birth)!;
    const house = sampleRows.find((r) => r.residence_number && r.date_of_birth && r.postcode === "EH1 1YZ")!;
    for (const row of [flat, house]) {
      const address: Address = {
        residence_number: row.residence_number || undefined,
        building_name: row.building_name || undefined,
        street: row.street,
        city: row.city,
        postcode: row.postcode!.toLowerCase(),
        country_code: "GB",
      };
      const result = await bureau({ first_name: row.first_name!, last_name: row.last_name!, date_of_birth: row.date_of_birth!, address });
      expect(result.state, `${row.first_name} ${row.last_name}`).toBe("PASS");
    }
  });

  it("confirms the identity but not the residency of the right person at the wrong address", async () => {
    const result = await bureau({ ...ada, address: martins2 });
    expect(result.state).toBe("PARTIAL");
    expect(result.checks.IDENTITY_MATCH?.state).toBe("PASS");
    expect(result.checks.RESIDENCY_MATCH).toEqual({ state: "FAIL", reason: "The person is not recorded at this address" });
    expect(result.fraudSignals).toEqual(["BUREAU_RESIDENCY_MISMATCH"]);
    // Same postcode, another house number: partly.
    const sameStreet = await bureau({ ...ada, address: { ...downing, residence_number: "11" } });
    expect(sameStreet.checks.RESIDENCY_MATCH).toEqual({
      state: "PARTIAL",
      reason: "The person is recorded at this postcode, but not at this house number or building",
    });
  });

  it("fails an unknown person on both checks", async () => {
    const result = await bureau({ first_name: "Zebedee", last_name: "Quartermaine", date_of_birth: "1971-04-02", address: downing });
    expect(result.state).toBe("FAIL");
    expect(result.checks.IDENTITY_MATCH).toEqual({
      state: "FAIL",
      reason: "No one of this name and date of birth is in the bureau's records (Sample residency data)",
    });
    expect(result.checks.RESIDENCY_MATCH?.state).toBe("FAIL");
    expect(result.fraudSignals).toEqual(["BUREAU_IDENTITY_NOT_FOUND"]);
  });

  it("is PARTIAL on a different date of birth, and tolerant of an initial, a typo and swapped names", async () => {
    const otherBirthday = await bureau({ ...ada, date_of_birth: "1985-12-11", address: downing });
    expect(otherBirthday.checks.IDENTITY_MATCH).toEqual({
      state: "PARTIAL",
      reason: "The name is in the bureau's records (Sample residency data), but with a different date of birth",
    });
    expect(otherBirthday.checks.RESIDENCY_MATCH?.state).toBe("PARTIAL");
    for (const name of [
      { first_name: "A", last_name: "Lovelace" },
      { first_name: "Ada", last_name: "Lovelaec" },
      { first_name: "Lovelace", last_name: "Ada" },
    ]) {
      const result = await bureau({ ...name, date_of_birth: ada.date_of_birth, address: downing });
      expect(result.checks.IDENTITY_MATCH?.state, JSON.stringify(name)).toBe("PASS");
      expect(result.checks.IDENTITY_MATCH?.reason).toMatch(/^Date of birth and a close form of the name/);
      expect(result.checks.RESIDENCY_MATCH?.state).toBe("PASS");
    }
  });

  it("rejects a bad CSV whole, with line numbers, and writes nothing", async () => {
    const file = path.join(dir, "bad.csv");
    fs.writeFileSync(
      file,
      [
        "first_name,last_name,date_of_birth,residence_number,building_name,street,city,postcode,country_code",
        "Grace,Hopper,1966-12-09,5,,Queen Street,Cardiff,CF10 1EP,GB",
        "Alan,Turing,23/06/1972,7,,Donegall Place,Belfast,BT1 5GS,GB",
        "Mary,Somerville,1980-02-26,9,,Donegall Place,Belfast,BT1 5GS,GB",
        "Emmy,Noether,1982-03-23,,,Princes Street,Edinburgh,EH1 1YZ,GB",
        "Rosalind,Franklin,1980-07-25,3,,Donegall Place,Belfast,,GBR",
      ].join("\n"),
    );
    const before = (await db.select({ n: count() }).from(residencyRecords))[0]!.n;
    const out = await runCli(db, ["import-residency", "--file", file, "--name", "Bad"]);
    expect(out.exitCode).toBe(1);
    expect(out.output).toEqual({
      ok: false,
      datasetId: null,
      name: "Bad",
      imported: 0,
      rejected: [
        { line: 3, reason: 'date_of_birth "23/06/1972" must be a past date written YYYY-MM-DD' },
        { line: 5, reason: "residence_number or building_name is required" },
        { line: 6, reason: "postcode is required" },
      ],
    });
    expect((await db.select({ n: count() }).from(residencyRecords))[0]!.n).toBe(before);
    expect((await db.select({ n: count() }).from(residencyDatasets))[0]!.n).toBe(1);

    fs.writeFileSync(file, "first_name,surname,postcode,country_code\nAda,Lovelace,SW1A 2AA,GB\n");
    const header = await runCli(db, ["import-residency", "--file", file, "--name", "Bad header"]);
    expect((header.output as { rejected: unknown }).rejected).toEqual([
      { line: 1, reason: "unknown column(s): surname" },
      { line: 1, reason: "missing column(s): last_name" },
    ]);
    fs.writeFileSync(file, 'first_name,last_name,postcode,country_code,residence_number\nAda,"Lovelace,SW1A 2AA,GB,10\n');
    const broken = await runCli(db, ["import-residency", "--file", file, "--name", "Broken"]);
    expect((broken.output as { rejected: { reason: string }[] }).rejected[0]!.reason).toMatch(/^the file is not valid CSV/);
  });

  it("reads the latest dataset version of the tenant's mode", async () => {
    const file = path.join(dir, "next.csv");
    fs.writeFileSync(
      file,
      "first_name,last_name,date_of_birth,residence_number,postcode,country_code,city\nGrace,Hopper,1966-12-09,5,CF10 1EP,GB,Cardiff\n",
    );
    expect((await runCli(db, ["import-residency", "--file", file, "--name", "Next month"])).exitCode).toBe(0);
    const grace = {
      first_name: "Grace",
      last_name: "Hopper",
      date_of_birth: "1966-12-09",
      address: { residence_number: "5", postcode: "CF10 1EP", city: "Cardiff", country_code: "GB" },
    };
    expect((await bureau(grace)).state).toBe("PASS");
    expect((await bureau({ ...ada, address: downing })).checks.IDENTITY_MATCH?.state).toBe("FAIL");
    expect((await bureau(grace, "sandbox")).state).toBe("NOT_PERFORMED");
    expect((await runCli(db, ["import-residency", "--file", file, "--name", "Sandbox people", "--mode", "sandbox"])).exitCode).toBe(0);
    expect((await bureau(grace, "sandbox")).state).toBe("PASS");
    expect((await db.select({ n: count() }).from(residencyDatasets))[0]!.n).toBe(3);
  });
});

describeEngines("fraud reports (NFD) on %s", (engine) => {
  let database: TestDatabase;
  let db: Db;
  let teamA: { teamId: string; mode: Mode };
  let teamB: { teamId: string; mode: Mode };

  async function storedAssessment(
    tenant: { teamId: string; mode: Mode },
    person: { email: string; first_name: string; last_name: string; date_of_birth: string },
  ) {
    const id = newId("risk");
    await db.insert(riskAssessments).values({
      id,
      ...tenant,
      email: person.email,
      firstName: person.first_name,
      lastName: person.last_name,
      dateOfBirth: person.date_of_birth,
      report: "headline",
      enrichments: ["NFD"],
      response: {},
      billable: true,
    });
    return id;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    teamA = { teamId: await newTeam(db, "Acme"), mode: "live" };
    teamB = { teamId: await newTeam(db, "Globex"), mode: "live" };
  });
  afterAll(() => database.dispose());

  const mallory = { email: "mallory.fraud@example.com", first_name: "Mallory", last_name: "Keane", date_of_birth: "1979-05-14" };
  const nfd = (tenant: { teamId: string; mode: Mode }, person: Person) => nfdProvider.run(context(db, tenant, person));

  it("team A files a report on its assessment; team B's assessment of the same person fails NFD", async () => {
    const before = await nfd(teamB, mallory);
    expect(before).toEqual({
      state: "PASS",
      checks: { NFD_MATCH: { state: "PASS", reason: "No confirmed-fraud report matches the email, or the name and date of birth" } },
    });

    const assessment = await storedAssessment(teamA, mallory);
    const filed = await fileFraudReport(db, {
      tenant: teamA,
      actor: SYSTEM,
      subjectType: "risk_assessment",
      subjectId: assessment,
      reason: "Chargebacks on three cards",
      networkKey: NETWORK_KEY,
    });
    expect(filed.ok).toBe(true);
    const today = new Date().toISOString().slice(0, 10);

    const byEmail = await nfd(teamB, { ...mallory, first_name: "Someone", last_name: "Else" });
    expect(byEmail.state).toBe("FAIL");
    expect(byEmail.checks.NFD_MATCH).toEqual({
      state: "FAIL",
      reason: `Reported as confirmed fraud by a team on ${today} (matched by email)`,
    });
    expect(byEmail.fraudSignals).toEqual(["CONFIRMED_FRAUD_REPORT"]);
    // Another email, the name in another order: the identity key still matches.
    const byIdentity = await nfd(teamB, { ...mallory, email: "m.k.1979@example.org", first_name: "KEANE", last_name: "Mallory" });
    expect(byIdentity.checks.NFD_MATCH?.reason).toBe(
      `Reported as confirmed fraud by a team on ${today} (matched by name and date of birth)`,
    );
    // Nothing in the reason names the reporting team.
    expect(JSON.stringify(byIdentity)).not.toMatch(/Acme|team_/);
    // Sandbox data never meets live reports.
    expect((await nfd({ ...teamB, mode: "sandbox" }, mallory)).state).toBe("PASS");
  });

  it("asked together (one statement, issue 14), each assessment gets its own answer", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const answers = await Promise.all([
      nfd(teamB, { ...mallory, first_name: "Someone", last_name: "Else" }),
      nfd(teamB, { email: "clean.person@example.com", first_name: "Clean", last_name: "Person", date_of_birth: "1990-02-02" }),
      nfd(teamB, { ...mallory, email: "m.k.1979@example.org", first_name: "KEANE", last_name: "Mallory" }),
      nfd({ ...teamB, mode: "sandbox" }, mallory),
      nfd(teamB, mallory),
    ]);
    expect(answers.map((a) => a.checks.NFD_MATCH)).toEqual([
      { state: "FAIL", reason: `Reported as confirmed fraud by a team on ${today} (matched by email)` },
      { state: "PASS", reason: "No confirmed-fraud report matches the email, or the name and date of birth" },
      { state: "FAIL", reason: `Reported as confirmed fraud by a team on ${today} (matched by name and date of birth)` },
      { state: "PASS", reason: "No confirmed-fraud report matches the email, or the name and date of birth" },
      { state: "FAIL", reason: `Reported as confirmed fraud by a team on ${today} (matched by email and name and date of birth)` },
    ]);
  });

  it("team B cannot see or touch team A's report or assessment", async () => {
    expect(await listFraudReports(db, teamB)).toEqual([]);
    const mine = await listFraudReports(db, teamA);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ subjectType: "risk_assessment", reason: "Chargebacks on three cards" });
    const other = await fileFraudReport(db, {
      tenant: teamB,
      actor: SYSTEM,
      subjectType: "risk_assessment",
      subjectId: mine[0]!.subjectId,
      reason: "x",
      networkKey: NETWORK_KEY,
    });
    expect(other).toMatchObject({ ok: false, error: { kind: "not_found" } });
    const sandbox = await fileFraudReport(db, {
      tenant: { ...teamA, mode: "sandbox" },
      actor: SYSTEM,
      subjectType: "risk_assessment",
      subjectId: mine[0]!.subjectId,
      reason: "x",
      networkKey: NETWORK_KEY,
    });
    expect(sandbox).toMatchObject({ ok: false, error: { kind: "not_found" } });
    const again = await fileFraudReport(db, {
      tenant: teamA,
      actor: SYSTEM,
      subjectType: "risk_assessment",
      subjectId: mine[0]!.subjectId,
      reason: "again",
      networkKey: NETWORK_KEY,
    });
    expect(again).toMatchObject({ ok: false, error: { kind: "conflict" } });
  });

  it("files from a verification case with its claimed identity, audit-logged", async () => {
    const id = crypto.randomUUID();
    await db.insert(verifications).values({
      id,
      ...teamB,
      email: "t.nguyen+promo@example.net",
      workflowId: "flow",
      hostedToken: randomToken(24),
      expiresAt: new Date(Date.now() + 86_400_000),
      claimDetails: { first_name: "Tam", last_name: "Nguyen", date_of_birth: "1992-08-30", email: "t.nguyen+promo@example.net" },
    });
    const empty = await fileFraudReport(db, {
      tenant: teamB,
      actor: SYSTEM,
      subjectType: "verification",
      subjectId: id,
      reason: "  ",
      networkKey: NETWORK_KEY,
    });
    expect(empty).toMatchObject({ ok: false, error: { kind: "invalid", detail: { reason: "Say what the fraud was" } } });
    const filed = await fileFraudReport(db, {
      tenant: teamB,
      actor: SYSTEM,
      subjectType: "verification",
      subjectId: id,
      reason: "Forged passport",
      networkKey: NETWORK_KEY,
    });
    expect(filed.ok).toBe(true);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "fraud_report.filed"));
    expect(audit.map((a) => [a.teamId, a.targetType, a.targetId])).toContainEqual([teamB.teamId, "verification", id]);
    // Team A now meets the person under the email without its +tag.
    const result = await nfd(teamA, {
      email: "t.nguyen@example.net",
      first_name: "Other",
      last_name: "Person",
      date_of_birth: "2000-01-01",
    });
    expect(result.state).toBe("FAIL");
  });
});
