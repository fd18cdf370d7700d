import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "@/lib/server/cli/run-cli";
import { importEvisaRecords } from "@/lib/server/evisa/import-evisa-records";
import { verifyEvisa } from "@/lib/server/evisa/verify-evisa";
import { EvisaUnavailableError } from "@/lib/server/evisa/evisa-provider";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

// POST /api/v1/verify/evisa (issue 16). Shapes from real-api.md, written out here:
//   EvisaVerificationResponse: { verification_method: 'evisa'; evidence_type; outcome; billable; extracted_details; artefacts; validations }
//   validations: { evisa_exists?, required_fields_extracted?, evisa_started?, evisa_not_expired? }, each { status; failed_reasons? }
const RESPONSE_KEYS = ["artefacts", "billable", "evidence_type", "extracted_details", "outcome", "validations", "verification_method"];
const VALIDATION_KEYS = ["evisa_exists", "evisa_not_expired", "evisa_started", "required_fields_extracted"];
const NOW = new Date("2026-11-25T12:00:00Z");

let database: TestDatabase;
let app: TestApi;
let live: string;
let sandbox: string;

const rightToWork = (share_code: string, date_of_birth: string) => ({
  sub_type: "RightToWork",
  payload: { company_name: "Harbour Cafés Ltd", date_of_birth, share_code },
});

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  const acme = await seedTeam(database.db, "Evisa Acme");
  [live, sandbox] = await Promise.all([tokenFor(app, acme.live), tokenFor(app, acme.sandbox)]);
  const imported = await runCli(database.db, ["import-evisa-records", "--file", "datasets/evisa/evisa-sample.csv"]);
  expect(imported).toMatchObject({ exitCode: 0, output: { ok: true, imported: 5 } });
});
afterAll(async () => database?.dispose());

describe("sandbox share codes", () => {
  it("PASS12345 passes every check with the canned holder; nothing billed", async () => {
    const res = await call(app, "POST", "/api/v1/verify/evisa", { token: sandbox, json: rightToWork("PASS12345", "1990-05-17") });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(RESPONSE_KEYS);
    expect(res.body).toEqual({
      verification_method: "evisa",
      evidence_type: "right_to_work",
      outcome: "pass",
      billable: false,
      artefacts: [],
      extracted_details: {
        first_name: "Amara",
        last_name: "Okafor",
        date_of_birth: "1990-05-17",
        share_code: "PASS12345",
        reference_number: "E1234567",
        expiration_date: "2099-03-31",
        evisa_conditions: { extraction_success: true, max_weekly_hours: "20", no_self_employment: "Not allowed to be self-employed" },
      },
      validations: {
        evisa_exists: { status: "pass" },
        required_fields_extracted: { status: "pass" },
        evisa_started: { status: "pass" },
        evisa_not_expired: { status: "pass" },
      },
    });
  });

  it("FAIL12345 has expired, BADCODE12 does not exist, WRONGDOB1 is someone else's, ERROR1234 is a 503", async () => {
    const expired = await call(app, "POST", "/api/v1/verify/evisa", {
      token: sandbox,
      json: {
        sub_type: "ImmigrationStatus",
        payload: { reason: "Hiring", job_title: "Chef", company_name: "Harbour", date_of_birth: "1990-05-17", share_code: "fail 123 45" },
      },
    });
    expect(expired.body).toMatchObject({
      evidence_type: "immigration_status",
      outcome: "fail",
      validations: { evisa_exists: { status: "pass" }, evisa_not_expired: { status: "fail", failed_reasons: ["EXPIRY_DATE_PASSED"] } },
    });
    expect(expired.body.extracted_details).toMatchObject({
      share_code: "FAIL12345",
      immigration_status: "Skilled Worker",
      nationality: "NGA",
      valid_from: "2022-02-01",
      expiration_date: "2025-01-31",
    });

    const bad = await call(app, "POST", "/api/v1/verify/evisa", { token: sandbox, json: rightToWork("BADCODE12", "1990-05-17") });
    expect(bad.body).toMatchObject({
      outcome: "fail",
      extracted_details: {},
      validations: { evisa_exists: { status: "fail", failed_reasons: ["SHARE_CODE_ERROR"] } },
    });
    const wrongDob = await call(app, "POST", "/api/v1/verify/evisa", {
      token: sandbox,
      json: {
        sub_type: "RightToRent",
        payload: { role: "Landlord", company_name: "Flats Ltd", date_of_birth: "1990-05-17", share_code: "WRONGDOB1" },
      },
    });
    expect(wrongDob.body).toMatchObject({
      evidence_type: "right_to_rent",
      outcome: "fail",
      extracted_details: {},
      validations: { evisa_exists: { status: "fail", failed_reasons: ["INCORRECT_DETAILS"] } },
    });

    const down = await call(app, "POST", "/api/v1/verify/evisa", { token: sandbox, json: rightToWork("ERROR1234", "1990-05-17") });
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("30");
    expect(down.body).toMatchObject({ status_code: 503, retry_after_seconds: 30 });
  });
});

describe("live: the built-in register", () => {
  const check = (json: Record<string, unknown>) => call(app, "POST", "/api/v1/verify/evisa", { token: live, json });

  it("a current eVisa passes and shows its holder; billable", async () => {
    const res = await check(rightToWork("wk7x 4yp 9q", "1991-06-14"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      outcome: "pass",
      billable: true,
      extracted_details: { first_name: "Priya", last_name: "Raman", reference_number: "E2345678", expiration_date: "2099-08-31" },
    });
    expect(Object.keys(res.body.validations).sort()).toEqual(VALIDATION_KEYS);
  });

  it("work conditions, indefinite leave, an expired and a not-yet-valid eVisa", async () => {
    const student = await check(rightToWork("ST2M8RN4C", "2003-02-11"));
    expect(student.body.extracted_details.evisa_conditions).toEqual({
      extraction_success: true,
      max_weekly_hours: "20",
      no_self_employment: "Not allowed to be self-employed",
    });
    const indefinite = await check({
      sub_type: "ImmigrationStatus",
      payload: { reason: "Hiring", job_title: "Engineer", company_name: "Acme", date_of_birth: "1978-11-02", share_code: "IL5T3KH8Z" },
    });
    expect(indefinite.body).toMatchObject({
      outcome: "pass",
      extracted_details: { immigration_status: "Indefinite Leave to Remain", expiration_date: null },
      validations: { evisa_not_expired: { status: "pass" } },
    });
    const expired = await check(rightToWork("EX9P2LD6V", "1988-03-30"));
    expect(expired.body).toMatchObject({
      outcome: "fail",
      validations: { evisa_started: { status: "pass" }, evisa_not_expired: { status: "fail", failed_reasons: ["EXPIRY_DATE_PASSED"] } },
    });
    const future = await check(rightToWork("FU4N7BQ2R", "1996-12-05"));
    expect(future.body).toMatchObject({
      outcome: "fail",
      validations: { evisa_started: { status: "fail", failed_reasons: ["EVISA_NOT_YET_VALID"] } },
    });
  });

  it("shows nothing of an eVisa to a caller with the wrong date of birth or an unknown code", async () => {
    const wrong = await check(rightToWork("WK7X4YP9Q", "1991-06-15"));
    expect(wrong.body).toMatchObject({
      outcome: "fail",
      extracted_details: {},
      validations: { evisa_exists: { status: "fail", failed_reasons: ["INCORRECT_DETAILS"] } },
    });
    const unknown = await check(rightToWork("PASS12345", "1990-05-17"));
    expect(unknown.body).toMatchObject({
      outcome: "fail",
      extracted_details: {},
      validations: { evisa_exists: { status: "fail", failed_reasons: ["SHARE_CODE_ERROR"] } },
    });
  });

  it("a provider that cannot answer is a 503 with a retry time, not a guess", async () => {
    const result = await verifyEvisa(
      database.db,
      { teamId: "t", mode: "live" },
      { sub_type: "RightToWork", payload: { company_name: "A", date_of_birth: "1991-06-14", share_code: "WK7X4YP9Q" } },
      {
        now: NOW,
        provider: { name: "down", lookUp: async () => Promise.reject(new EvisaUnavailableError(120)) },
      },
    );
    expect(result.ok || result.error).toMatchObject({ kind: "unavailable", retryAfterSeconds: 120 });
  });

  it("answers bad input with 400 keyed by field, and 401 without a token", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [rightToWork("SHORT", "1991-06-14"), "payload.share_code"],
      [rightToWork("WK7X4YP9Q", "14/06/1991"), "payload.date_of_birth"],
      [{ sub_type: "Citizenship", payload: {} }, "sub_type"],
      [{ sub_type: "RightToRent", payload: { company_name: "A", date_of_birth: "1991-06-14", share_code: "WK7X4YP9Q" } }, "payload.role"],
      [
        { sub_type: "ImmigrationStatus", payload: { company_name: "A", date_of_birth: "1991-06-14", share_code: "WK7X4YP9Q" } },
        "payload.reason",
      ],
      [{ ...rightToWork("WK7X4YP9Q", "1991-06-14"), extra: 1 }, "extra"],
    ];
    for (const [json, field] of cases) {
      const res = await check(json);
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.error_detail), field).toContain(field);
    }
    expect((await call(app, "POST", "/api/v1/verify/evisa", { json: rightToWork("WK7X4YP9Q", "1991-06-14") })).status).toBe(401);
  });
});

describe("the register's import", () => {
  it("is all or nothing, naming every bad line", async () => {
    const csv = readFileSync("datasets/evisa/evisa-sample.csv", "utf8").trim().split("\n");
    const bad = [csv[0], csv[1]!.replace("WK7X4YP9Q", "ZZ1"), csv[2]!.replace("2003-02-11", "2003-02-30"), csv[3], csv[3]].join("\n");
    const report = await importEvisaRecords(database.db, { csv: bad, actor: { type: "system" } });
    expect(report).toEqual({
      imported: 0,
      rejected: [
        { line: 2, message: "share_code must be 9 letters and digits" },
        { line: 3, message: "date_of_birth must be a date (YYYY-MM-DD)" },
        { line: 5, message: "share_code repeats line 4" },
      ],
    });
    expect(await importEvisaRecords(database.db, { csv: "code,dob\nA,B", actor: { type: "system" } })).toMatchObject({
      imported: 0,
      rejected: [{ line: 1 }],
    });
  });
});
