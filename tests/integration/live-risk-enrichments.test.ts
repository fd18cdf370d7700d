import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { riskResponseSchema, type RiskRequest } from "@/lib/contract";
import { accountAlerts, monitoredAccounts } from "@/lib/db/schema";
import { importAmlList } from "@/lib/server/aml/import-aml-list";
import { ensureSampleResidency } from "@/lib/server/enrichments/credit-bureau/ensure-sample-residency";
import { fileFraudReport } from "@/lib/server/fraud-reports/file-fraud-report";
import { assessRisk } from "@/lib/server/risk/assess-risk";
import { createLiveRiskEngine } from "@/lib/server/risk/live-risk-engine";
import { seedTeam } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

// The live engine with every built-in enrichment on the shipped data: the OFAC SDN sample, the
// residency sample (people at the demo's postcode-lookup addresses) and the network's reports.
const NETWORK_KEY = "test-network-key-enrichments-0123456789abcdef";
const engine = createLiveRiskEngine({ networkKey: NETWORK_KEY });
const ALL = ["CREDIT_BUREAU", "ONLINE_FOOTPRINT", "AML", "NFD"] as const;
const DOWNING_STREET = { residence_number: "10", street: "Downing Street", city: "London", postcode: "SW1A 2AA", country_code: "GB" };

describeEngines("live risk with the built-in enrichments on %s", (kind) => {
  let database: TestDatabase;
  let acme: { teamId: string; mode: "live" };
  let globex: { teamId: string; mode: "live" };

  async function headline(request: RiskRequest, tenant = acme) {
    const result = await assessRisk(database.db, { tenant, request, report: "headline", engine });
    if (!result.ok) throw new Error(result.error.message);
    return riskResponseSchema.parse(result.value);
  }
  const factor = (body: Awaited<ReturnType<typeof headline>>, name: string) => body.metadata.score_factors!.find((f) => f.name === name)!;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    acme = { teamId: (await seedTeam(database.db, "Acme")).team.id, mode: "live" };
    globex = { teamId: (await seedTeam(database.db, "Globex")).team.id, mode: "live" };
    await ensureSampleResidency(database.db);
    const imported = await importAmlList(database.db, { file: path.join("datasets", "aml", "ofac-sdn-sample.xml") });
    if (!imported.ok) throw new Error(imported.error.message);
  }, 120_000);
  afterAll(() => database.dispose());

  it("a real resident with a plain email and a valid mobile is CLEAR with every enrichment passing", async () => {
    const body = await headline({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada.lovelace@gmail.com",
      date_of_birth: "1985-12-10",
      phone: "+447700900123",
      address: DOWNING_STREET,
      enrichments: [...ALL],
    });
    expect(body.enrichment_reports.credit_bureau).toMatchObject({
      state: "PASS",
      checks: { IDENTITY_MATCH: { state: "PASS" }, RESIDENCY_MATCH: { state: "PASS" } },
    });
    expect(body.enrichment_reports.aml).toMatchObject({ state: "PASS" });
    expect(body.trust_signals).toContain("NO_SANCTIONS_MATCH");
    expect(body.enrichment_reports.nfd).toMatchObject({ state: "PASS" });
    expect(body.enrichment_reports.online_footprint?.checks.EMAIL_SCORE.state).toBe("PASS");
    expect(body.recommendation).toBe("CLEAR");
    expect(body.alerts_enabled_at).toBe(body.created_at);
    expect(body.metadata.score_factors!.map((f) => f.name)).toEqual(
      expect.arrayContaining(["credit_bureau", "online_footprint", "aml", "nfd"]),
    );
  });

  it("a sanctioned person is at most REVIEW, explained by the list match, and enrolled in monitoring with an alert", async () => {
    const body = await headline({
      first_name: "Ramzan",
      last_name: "Kadyrov",
      email: "r.kadyrov@example.ru",
      date_of_birth: "1976-10-05",
      enrichments: ["AML"],
    });
    expect(body.enrichment_reports.aml?.state).toBe("FAIL");
    expect(body.fraud_signals).toContain("SANCTIONS_LIST_MATCH");
    expect(body.recommendation).not.toBe("CLEAR");
    expect(body.risk_score).toBeLessThanOrEqual(50);
    expect(factor(body, "aml")).toMatchObject({ state: "FAIL", points: 45, reason: expect.stringMatching(/KADYROV/i) });
    const [account] = await database.db.select().from(monitoredAccounts).where(eq(monitoredAccounts.riskAssessmentId, body.id));
    expect(account).toMatchObject({ teamId: acme.teamId, mode: "live", status: "New", riskType: "sanction" });
  });

  it("enrols a person in monitoring only with a stored assessment: a failed store leaves no account or alert", async () => {
    // The assessment's insert fails for one email (a trigger made for this test), after every
    // signal and enrichment ran: AML's enrolment must not outlive it.
    await database.db.execute(
      sql.raw(`
      create function verity_test_refuse_assessment() returns trigger language plpgsql as $$
      begin
        if new.email = 'refused@example.org' then raise exception 'refused by the test'; end if;
        return new;
      end $$`),
    );
    await database.db.execute(
      sql.raw(
        "create trigger verity_test_refuse_assessment before insert on risk_assessments for each row execute function verity_test_refuse_assessment()",
      ),
    );
    try {
      const person = { first_name: "Ramzan", last_name: "Kadyrov", date_of_birth: "1976-10-05", enrichments: ["AML" as const] };
      const refused = await assessRisk(database.db, {
        tenant: globex,
        request: { ...person, email: "refused@example.org" },
        report: "headline",
        engine,
      }).catch((error: Error & { cause?: Error }) => error);
      expect(refused).toBeInstanceOf(Error);
      expect(String((refused as Error & { cause?: Error }).cause?.message ?? (refused as Error).message)).toMatch(/refused by the test/);
      const accounts = () =>
        database.db
          .select()
          .from(monitoredAccounts)
          .where(and(eq(monitoredAccounts.teamId, globex.teamId), eq(monitoredAccounts.lastName, "Kadyrov")));
      expect(await accounts()).toEqual([]);
      expect(await database.db.select().from(accountAlerts).where(eq(accountAlerts.teamId, globex.teamId))).toEqual([]);
      // The same person with a stored assessment is enrolled, linked to it, with the alert.
      const body = await headline({ ...person, email: "kept@example.org" }, globex);
      expect(await accounts()).toEqual([expect.objectContaining({ riskAssessmentId: body.id, status: "New" })]);
      expect(await database.db.select().from(accountAlerts).where(eq(accountAlerts.teamId, globex.teamId))).toHaveLength(1);
    } finally {
      await database.db.execute(sql.raw("drop trigger verity_test_refuse_assessment on risk_assessments"));
      await database.db.execute(sql.raw("drop function verity_test_refuse_assessment()"));
    }
  });

  it("an unknown person at a wrong address fails the bureau; a disposable email scores low", async () => {
    const body = await headline({
      first_name: "Zebulon",
      last_name: "Quirke",
      email: "xk7q9zt2@mailinator.com",
      date_of_birth: "2001-02-03",
      address: DOWNING_STREET,
      enrichments: ["CREDIT_BUREAU", "ONLINE_FOOTPRINT"],
    });
    expect(body.enrichment_reports.credit_bureau?.checks.IDENTITY_MATCH.state).toBe("FAIL");
    expect(body.enrichment_reports.online_footprint?.checks.EMAIL_SCORE.state).toBe("FAIL");
    expect(body.fraud_signals).toContain("LOW_EMAIL_SCORE");
    expect(body.recommendation).not.toBe("CLEAR");
  });

  it("NFD: a confirmed fraud filed by one team rejects the same person at another team, without saying which", async () => {
    const person = { first_name: "Felix", last_name: "Fraud", email: `felix.${Date.now()}@example.org`, date_of_birth: "1988-08-08" };
    const first = await headline({ ...person, enrichments: ["NFD"] });
    expect(first.enrichment_reports.nfd?.state).toBe("PASS");
    const filed = await fileFraudReport(database.db, {
      tenant: acme,
      subjectType: "risk_assessment",
      subjectId: first.id,
      reason: "Stolen identity confirmed",
      networkKey: NETWORK_KEY,
      actor: { type: "system" },
    });
    expect(filed.ok).toBe(true);
    const second = await headline({ ...person, enrichments: ["NFD"] }, globex);
    expect(second.enrichment_reports.nfd?.state).toBe("FAIL");
    expect(second.recommendation).toBe("REJECT");
    expect(factor(second, "nfd").reason).not.toMatch(/acme/i);
  });
});
