import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitoredAccounts, smartLookups } from "@/lib/db/schema";
import { importAmlList } from "@/lib/server/aml/import-aml-list";
import { ensureSampleResidency } from "@/lib/server/enrichments/credit-bureau/ensure-sample-residency";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

// POST /api/v1/smart-lookups (issue 16), on the built-in providers and the shipped sample data (the
// OFAC SDN sample, the residency sample). The real API's GetSmartLookupResponse (real-api.md),
// written out here:
const RESPONSE_KEYS = [
  "address",
  "alerts_enabled_at",
  "billable",
  "checks",
  "created_at",
  "first_line_of_address",
  "first_name",
  "id",
  "last_name",
  "metadata",
  "postcode",
  "team_id",
];
const STATES = ["PASS", "FAIL", "INCONCLUSIVE", "PARTIAL", "NOT_PERFORMED"];
const REASONS = [
  "INVALID_POSTCODE",
  "INVALID_ADDRESS",
  "MED_MATCH_PERSON_AT_ADDRESS",
  "LOW_MATCH_PERSON_AT_ADDRESS",
  "PARTIAL_ADDRESS_MATCH",
  "WEAK_IDENTITY_WITH_FULL_ADDRESS",
  "DOB_NOT_MATCHED",
  "DOB_FUZZY_MATCH",
  "NO_DOB_DATA",
  "NO_IDENTITY_MATCH",
  "NO_RESIDENCY_MATCH",
];
const DOWNING_STREET = { residence_number: "10", street: "Downing Street", city: "London", postcode: "SW1A 2AA", country_code: "GB" };

let database: TestDatabase;
let app: TestApi;
let teamId: string;
let live: string;
let sandbox: string;

/** Every report present has the real API's state, its check names exactly, and reasons from its enum only. */
function expectReports(body: Record<string, any>) {
  const expected: Record<string, string[][]> = {
    credit_bureau_verification_report: [["IDENTITY_MATCH", "RESIDENCY_MATCH"]],
    online_footprint_verification_report: [["EMAIL_SCORE"], ["EMAIL_SCORE", "PHONE_SCORE"]],
    aml_verification_report: [["AML_SANCTIONS_CHECK"]],
  };
  for (const [key, shapes] of Object.entries(expected)) {
    const report = body[key];
    if (!report) continue;
    expect(STATES).toContain(report.state);
    expect(shapes.map((s) => s.join())).toContain(Object.keys(report.checks).sort().join());
    for (const check of Object.values(report.checks) as { state: string; reason?: string }[]) {
      expect(STATES).toContain(check.state);
      if (check.reason !== undefined) expect(REASONS).toContain(check.reason);
    }
  }
  expect(Object.keys(body.metadata.thresholds).sort()).toEqual(["aml", "onlineFootprint"]);
}

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  const acme = await seedTeam(database.db, "Lookups Acme");
  teamId = acme.team.id;
  [live, sandbox] = await Promise.all([tokenFor(app, acme.live), tokenFor(app, acme.sandbox)]);
  await ensureSampleResidency(database.db);
  const imported = await importAmlList(database.db, { file: path.join("datasets", "aml", "ofac-sdn-sample.xml") });
  if (!imported.ok) throw new Error(imported.error.message);
}, 120_000);
afterAll(async () => database?.dispose());

describe("POST /api/v1/smart-lookups in live", () => {
  it("a resident at their address passes every check, billable, with the team's default thresholds", async () => {
    const res = await call(app, "POST", "/api/v1/smart-lookups", {
      token: live,
      json: {
        first_name: "Ada",
        last_name: "Lovelace",
        checks: ["CreditBureau", "OnlineFootprint", "AML"],
        address: DOWNING_STREET,
        email: "ada.lovelace@gmail.com",
        phone: "+447700900123",
        date_of_birth: "1985-12-10",
      },
    });
    expect(res.status).toBe(201);
    for (const key of RESPONSE_KEYS) expect(res.body).toHaveProperty(key);
    expectReports(res.body);
    expect(res.body).toMatchObject({
      team_id: teamId,
      checks: ["CreditBureau", "OnlineFootprint", "AML"],
      first_name: "Ada",
      last_name: "Lovelace",
      postcode: "SW1A 2AA",
      email: "ada.lovelace@gmail.com",
      date_of_birth: "1985-12-10",
      billable: true,
      alerts_enabled_at: null,
      credit_bureau_verification_report: {
        state: "PASS",
        checks: { IDENTITY_MATCH: { state: "PASS" }, RESIDENCY_MATCH: { state: "PASS" } },
      },
      aml_verification_report: { state: "PASS", checks: { AML_SANCTIONS_CHECK: { state: "PASS" } } },
      metadata: { thresholds: { aml: 96, onlineFootprint: 50 } },
    });
    expect(Object.keys(res.body.online_footprint_verification_report.checks).sort()).toEqual(["EMAIL_SCORE", "PHONE_SCORE"]);
    // Stored with its answer; no monitoring was asked for.
    const [row] = await database.db.select().from(smartLookups).where(eq(smartLookups.id, res.body.id));
    expect(row).toMatchObject({ teamId, mode: "live", billable: true, monitoredAccountId: null });
    expect(row!.response).toEqual(res.body);
  });

  it("an unknown person fails the bureau with the real API's reason codes; the first line and postcode stand in for an address", async () => {
    const res = await call(app, "POST", "/api/v1/smart-lookups", {
      token: live,
      json: {
        first_name: "Zebulon",
        last_name: "Quirke",
        checks: ["CreditBureau"],
        first_line_of_address: "10 Downing Street",
        postcode: "SW1A 2AA",
        date_of_birth: "2001-02-03",
      },
    });
    expect(res.status).toBe(201);
    expectReports(res.body);
    expect(res.body.credit_bureau_verification_report).toEqual({
      state: "FAIL",
      checks: {
        IDENTITY_MATCH: { state: "FAIL", reason: "NO_IDENTITY_MATCH" },
        RESIDENCY_MATCH: { state: "FAIL", reason: "NO_RESIDENCY_MATCH" },
      },
    });
    expect(res.body).toMatchObject({ first_line_of_address: "10 Downing Street", postcode: "SW1A 2AA", address: null });
    expect(typeof res.body.metadata.creditBureauVerification.reasons.IDENTITY_MATCH).toBe("string");
  });

  it("a sanctioned person fails AML; alerts_enabled enrols them in monitoring, without it nobody is enrolled", async () => {
    const person = { first_name: "Ramzan", last_name: "Kadyrov", checks: ["AML"], date_of_birth: "1976-10-05" };
    const quiet = await call(app, "POST", "/api/v1/smart-lookups", { token: live, json: person });
    expect(quiet.status).toBe(201);
    expect(quiet.body.aml_verification_report).toEqual({ state: "FAIL", checks: { AML_SANCTIONS_CHECK: { state: "FAIL" } } });
    expect(quiet.body.metadata.amlVerification.reasons.AML_SANCTIONS_CHECK).toMatch(/KADYROV/i);
    expect(quiet.body.alerts_enabled_at).toBeNull();
    expect(await database.db.select().from(monitoredAccounts).where(eq(monitoredAccounts.riskAssessmentId, quiet.body.id))).toEqual([]);

    const watched = await call(app, "POST", "/api/v1/smart-lookups", {
      token: live,
      json: { ...person, alerts_enabled: true, thresholds: { aml: 90 } },
    });
    expect(watched.status).toBe(201);
    expect(watched.body.alerts_enabled_at).toBe(watched.body.created_at);
    expect(watched.body.metadata.thresholds).toEqual({ aml: 90, onlineFootprint: 50 });
    const [account] = await database.db.select().from(monitoredAccounts).where(eq(monitoredAccounts.riskAssessmentId, watched.body.id));
    expect(account).toMatchObject({ teamId, mode: "live", firstName: "Ramzan", lastName: "Kadyrov", riskType: "sanction" });
    const [row] = await database.db.select().from(smartLookups).where(eq(smartLookups.id, watched.body.id));
    expect(row!.monitoredAccountId).toBe(account!.id);
  });

  it("answers bad input with 400 keyed by field, and 401 without a token", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: "A", last_name: "B", checks: [] }, "checks"],
      [{ first_name: "A", last_name: "B", checks: ["Astrology"] }, "checks.0"],
      [{ first_name: "A", last_name: "B", checks: ["AML", "AML"] }, "checks"],
      [{ first_name: "A", last_name: "B", checks: ["CreditBureau"], date_of_birth: "1990-01-01" }, "address"],
      [{ first_name: "A", last_name: "B", checks: ["CreditBureau"], address: DOWNING_STREET }, "date_of_birth"],
      [{ first_name: "A", last_name: "B", checks: ["OnlineFootprint"], phone: "+447700900123" }, "email"],
      [
        {
          first_name: "A",
          last_name: "B",
          checks: ["OnlineFootprint"],
          alerts_enabled: true,
          email: "a@b.example",
          date_of_birth: "1990-01-01",
        },
        "alerts_enabled",
      ],
      [{ first_name: "A", last_name: "B", checks: ["AML"], alerts_enabled: true }, "date_of_birth"],
      [{ first_name: "A", last_name: "B", checks: ["AML"], thresholds: { aml: 101 } }, "thresholds.aml"],
      [{ first_name: "A", last_name: "B", checks: ["AML"], date_of_birth: "2999-01-01" }, "date_of_birth"],
      [{ first_name: " ", last_name: "B", checks: ["AML"] }, "first_name"],
      [{ first_name: "A", last_name: "B", checks: ["AML"], colour: "blue" }, "colour"],
    ];
    for (const [json, field] of cases) {
      const res = await call(app, "POST", "/api/v1/smart-lookups", { token: live, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys(res.body.error_detail), JSON.stringify(json)).toContain(field);
    }
    expect((await call(app, "POST", "/api/v1/smart-lookups", { json: { first_name: "A", last_name: "B", checks: ["AML"] } })).status).toBe(
      401,
    );
  });
});

describe("POST /api/v1/smart-lookups in sandbox", () => {
  const person = {
    first_name: "Dan",
    last_name: "Webb",
    checks: ["CreditBureau", "OnlineFootprint", "AML"],
    address: DOWNING_STREET,
    date_of_birth: "1990-01-31",
  };

  it("follows the email rule: all pass; +review fails the last check; +reject fails all; never billable", async () => {
    const expectations: [string, string[]][] = [
      ["dwebb@email.com", ["PASS", "PASS", "PASS"]],
      ["dan+review@example.com", ["PASS", "PASS", "FAIL"]],
      ["dan+reject@example.com", ["FAIL", "FAIL", "FAIL"]],
    ];
    for (const [email, states] of expectations) {
      const res = await call(app, "POST", "/api/v1/smart-lookups", { token: sandbox, json: { ...person, email } });
      expect(res.status, email).toBe(201);
      expectReports(res.body);
      expect(
        [
          res.body.credit_bureau_verification_report.state,
          res.body.online_footprint_verification_report.state,
          res.body.aml_verification_report.state,
        ],
        email,
      ).toEqual(states);
      expect(res.body.billable).toBe(false);
      // The same question gets the same answer.
      const again = await call(app, "POST", "/api/v1/smart-lookups", { token: sandbox, json: { ...person, email } });
      expect(again.body.aml_verification_report).toEqual(res.body.aml_verification_report);
    }
  });

  it("validates input exactly as live does", async () => {
    const res = await call(app, "POST", "/api/v1/smart-lookups", {
      token: sandbox,
      json: { first_name: "A", last_name: "B", checks: ["CreditBureau"] },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error_detail).sort()).toEqual(["address", "date_of_birth"]);
  });
});
