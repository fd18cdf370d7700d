import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { riskRadarResponseSchema, riskResponseSchema, type RiskRequest } from "@/lib/contract";
import { evidenceFiles, networkIdentities, riskAssessments } from "@/lib/db/schema";
import { addBlocklistEntry } from "@/lib/server/blocklist/add-blocklist-entry";
import { emailKey } from "@/lib/server/network/keys";
import { assessRisk } from "@/lib/server/risk/assess-risk";
import { createLiveRiskEngine } from "@/lib/server/risk/live-risk-engine";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

const NETWORK_KEY = "test-network-key-0123456789abcdef0123456789";
const LIMITS = [
  { label: "1h", seconds: 3600, limit: 3 },
  { label: "24h", seconds: 86_400, limit: 5 },
];
const engine = createLiveRiskEngine({ networkKey: NETWORK_KEY, velocityLimits: LIMITS, providers: {} });

let counter = 0;
/** A person nobody else in this file uses. */
function person(overrides: Partial<RiskRequest> = {}): RiskRequest {
  counter += 1;
  return {
    first_name: "Ada",
    last_name: `Lovelace${counter}`,
    email: `ada.${counter}.${Date.now()}@example.org`,
    date_of_birth: "1985-12-10",
    ...overrides,
  };
}

describeEngines("live risk engine on %s", (kind) => {
  let database: TestDatabase;
  let acme: { teamId: string; mode: "live" };
  let globex: { teamId: string; mode: "live" };

  async function assess(request: RiskRequest, options: { tenant?: typeof acme; report?: "headline" | "radar"; now?: Date } = {}) {
    const result = await assessRisk(database.db, {
      tenant: options.tenant ?? acme,
      request,
      report: options.report ?? "headline",
      engine,
      now: options.now,
    });
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  }
  const headline = async (request: RiskRequest, options: Parameters<typeof assess>[1] = {}) =>
    riskResponseSchema.parse(await assess(request, options));
  const radar = async (request: RiskRequest, options: Parameters<typeof assess>[1] = {}) =>
    riskRadarResponseSchema.parse(await assess(request, { ...options, report: "radar" })).radar_verification_report;
  const check = (report: Awaited<ReturnType<typeof radar>>, name: string) => report.checks.find((c) => c.name === name)!;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    acme = { teamId: (await seedTeam(database.db, "Acme")).team.id, mode: "live" };
    globex = { teamId: (await seedTeam(database.db, "Globex")).team.id, mode: "live" };
  });
  afterAll(() => database.dispose());

  it("a new person with nothing against them is CLEAR, billable, explained, and every signal reports", async () => {
    const body = await headline(person());
    expect(body).toMatchObject({ recommendation: "CLEAR", risk_score: 100, billable: true });
    expect(body.trust_signals).toEqual(expect.arrayContaining(["NO_KNOWN_FRAUD_MATCH", "NORMAL_EMAIL_VELOCITY"]));
    expect(body.fraud_signals).toEqual([]);
    expect(body.metadata.score_factors?.map((f) => f.name)).toEqual([
      "known_blocklist_match",
      "email_linked_to_multiple_identities",
      "email_velocity",
      "face_linked_to_multiple_identities",
    ]);
    const report = await radar(person());
    expect(report.state).toBe("PASS");
    expect(check(report, "face_linked_to_multiple_identities")).toMatchObject({ state: "NOT_PERFORMED", reason: "No face_scan was given" });
    expect(check(report, "email_velocity").reason).toMatch(/Within normal bounds/);
  });

  it("records the submission in the network by keys only, with the assessment", async () => {
    const request = person({ email: "Grace.Hopper+signup@Example.org" });
    const body = await headline(request);
    const rows = await database.db.select().from(networkIdentities).where(eq(networkIdentities.sourceId, body.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      teamId: acme.teamId,
      source: "risk_assessment",
      emailKey: emailKey(NETWORK_KEY, "grace.hopper@example.org"),
    });
    expect(JSON.stringify(rows[0])).not.toMatch(/hopper|lovelace/i);
  });

  it("email_linked_to_multiple_identities: a second identity on one email fails, across teams, without naming them", async () => {
    const email = `shared.${Date.now()}@example.org`;
    const first = await radar(person({ email, first_name: "Maria", last_name: "Garcia" }));
    expect(check(first, "email_linked_to_multiple_identities")).toMatchObject({
      state: "PASS",
      reason: "First time this email is seen on the network",
    });
    const again = await radar(person({ email, first_name: "Garcia", last_name: "Maria" })); // same person, other word order
    expect(check(again, "email_linked_to_multiple_identities")).toMatchObject({
      state: "PASS",
      reason: expect.stringMatching(/always with this identity/),
    });

    const other = await headline(person({ email, first_name: "Mario", last_name: "Rossi" }), { tenant: globex });
    expect(other.fraud_signals).toContain("EMAIL_LINKED_TO_MULTIPLE_IDENTITIES");
    const factor = other.metadata.score_factors!.find((f) => f.name === "email_linked_to_multiple_identities")!;
    expect(factor).toMatchObject({ state: "FAIL", points: 25 });
    expect(factor.reason).toMatch(/1 other identity .* by 1 team/);
    expect(factor.reason).not.toMatch(/maria|garcia|acme/i);
    expect(other.risk_score).toBeLessThan(100);
  });

  it("email_velocity: a burst of submissions trips the configured limit, counted across teams", async () => {
    const email = `burst.${Date.now()}@example.org`;
    const states: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const tenant = i % 2 === 0 ? acme : globex;
      states.push(check(await radar(person({ email, first_name: "Sam", last_name: "Burst" }), { tenant }), "email_velocity").state);
    }
    expect(states).toEqual(["PASS", "PASS", "PASS", "FAIL"]);
    const fifth = await headline(person({ email, first_name: "Sam", last_name: "Burst" }));
    expect(fifth.fraud_signals).toContain("LOW_CROSS_TEAM_EMAIL_VELOCITY");
    expect(fifth.metadata.score_factors!.find((f) => f.name === "email_velocity")!.reason).toMatch(/5 submissions in 1h \(limit 3\)/);
    // Outside the window the same email is normal again.
    const later = await radar(person({ email, first_name: "Sam", last_name: "Burst" }), { now: new Date(Date.now() + 2 * 86_400_000) });
    expect(check(later, "email_velocity").state).toBe("PASS");
  });

  it("known_blocklist_match: a blocklisted email (any +tag) or name + date of birth is REJECT", async () => {
    const email = `fraudster.${Date.now()}@example.org`;
    const added = await addBlocklistEntry(database.db, {
      by: { platform: { type: "cli", id: "test" } },
      subject: { kind: "email", email },
      reason: "Chargeback ring",
      networkKey: NETWORK_KEY,
    });
    expect(added.ok).toBe(true);
    const body = await headline(person({ email: email.replace("@", "+new@") }));
    expect(body).toMatchObject({ recommendation: "REJECT" });
    expect(body.risk_score).toBeLessThanOrEqual(20);
    expect(body.fraud_signals).toContain("KNOWN_FRAUDSTER_MATCH");
    expect(body.metadata.score_factors![0]).toMatchObject({
      name: "known_blocklist_match",
      state: "FAIL",
      reason: "Matches the platform blocklist by email: Chargeback ring",
    });

    await addBlocklistEntry(database.db, {
      by: { platform: { type: "cli", id: "test" } },
      subject: { kind: "identity", firstName: "Ivan", lastName: "Petrov", dateOfBirth: "1970-02-03" },
      reason: "Identity theft",
      networkKey: NETWORK_KEY,
    });
    const report = await radar(person({ first_name: "PETROV", last_name: "Ivan", date_of_birth: "1970-02-03" }));
    expect(report.state).toBe("FAIL");
    expect(check(report, "known_blocklist_match")).toMatchObject({
      state: "FAIL",
      reason: expect.stringMatching(/name and date of birth: Identity theft/),
    });
  });

  it("a requested enrichment without a provider is NOT_PERFORMED with a reason, and costs nothing", async () => {
    const body = await headline(person({ enrichments: ["NFD"] }));
    expect(body.enrichment_reports.nfd).toEqual({
      state: "NOT_PERFORMED",
      checks: { NFD_MATCH: { state: "NOT_PERFORMED", reason: expect.stringMatching(/No provider/) } },
    });
    expect(body.risk_score).toBe(100);
  });

  it("keeps a face_scan as evidence of the assessment, in the same transaction", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const body = await headline(person({ face_scan: new File([png], "face.png", { type: "image/png" }) }));
    const [file] = await database.db.select().from(evidenceFiles).where(eq(evidenceFiles.ownerId, body.id));
    expect(file).toMatchObject({
      teamId: acme.teamId,
      mode: "live",
      ownerType: "risk_assessment",
      role: "face_scan",
      mimeType: "image/png",
      byteSize: png.length,
    });
    // Not a face: the face signal could not run, and says why.
    expect(body.metadata.score_factors!.find((f) => f.name === "face_linked_to_multiple_identities")).toMatchObject({
      state: "NOT_PERFORMED",
      reason: expect.stringMatching(/No usable face/),
    });
    const [row] = await database.db.select().from(riskAssessments).where(eq(riskAssessments.id, body.id));
    expect(row).toMatchObject({ mode: "live", billable: true, recommendation: body.recommendation });
  });
});

describeEngines("live POST /api/v2/risk on %s", (kind) => {
  let database: TestDatabase;
  let app: TestApi;
  let live: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApi(database.db);
    live = await tokenFor(app, (await seedTeam(database.db, "Acme")).live);
  });
  afterAll(() => database.dispose());

  it("answers 201 with a real assessment in both descriptions", async () => {
    const form = () => {
      const f = new FormData();
      for (const [k, v] of Object.entries({
        first_name: "Lin",
        last_name: "Chen",
        email: `lin.${Date.now()}@example.org`,
        date_of_birth: "1992-04-05",
      }))
        f.append(k, v);
      return f;
    };
    const res = await call(app, "POST", "/api/v2/risk", { token: live, body: form() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(riskResponseSchema.strict().parse(res.body)).toMatchObject({ billable: true, recommendation: "CLEAR" });
    const radar = await call(app, "POST", "/api/v2/risk?report=radar", { token: live, body: form() });
    expect(radar.status).toBe(201);
    expect(
      riskRadarResponseSchema
        .strict()
        .parse(radar.body)
        .radar_verification_report.checks.map((c) => c.state),
    ).toEqual(["PASS", "PASS", "PASS", "NOT_PERFORMED"]);
  });
});
