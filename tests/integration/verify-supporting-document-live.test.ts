import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { billPdf, randomBill, type Bill } from "../support/documents/bills";

// POST /api/v1/verify/supporting-documents in live mode on generated bills whose truth is known:
// the fields read, the validations (real-api.md SupportingDocumentValidationsApi) and the age rule.
// Bills are dated relative to the generator's day, so the check runs with today's age rule by
// making bills a few days old relative to now.

let database: TestDatabase;
let app: TestApi;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  token = await tokenFor(app, (await seedTeam(database.db, "Live Address Docs")).live);
}, 120_000);
afterAll(async () => database?.dispose());

/** A bill dated `ageDays` before today (the generator dates bills before its own fixed day). */
function billAged(seed: string, ageDays: number): Bill {
  const generatorToday = Date.parse("2026-11-24T00:00:00Z");
  const shift = Math.round((Date.now() - generatorToday) / 86_400_000);
  return randomBill(seed, { kind: "utility_bill", ageDays: Math.max(0, ageDays - shift) });
}

async function verify(bill: Bill, fields: Record<string, string>) {
  const form = new FormData();
  form.append("document", new Blob([new Uint8Array(billPdf(bill))], { type: "application/pdf" }), "bill.pdf");
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return call(app, "POST", "/api/v1/verify/supporting-documents", { token, body: form });
}

describe("live supporting-document verification", () => {
  it("reads a recent utility bill and passes the matching claim, billable", async () => {
    const bill = billAged("live-api:ok", 10);
    const t = bill.truth;
    const res = await verify(bill, {
      sub_type: "UtilityBill",
      first_name: t.firstName,
      last_name: t.lastName,
      address: JSON.stringify({ postcode: t.address.postcode }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verification_method: "supporting_document",
      evidence_type: "utility_bill",
      billable: true,
      outcome: "pass",
      retake: null,
    });
    expect(res.body.extracted_details).toMatchObject({
      postcode: t.address.postcode,
      document_date: t.documentDate,
      document_category: "utility_bill",
    });
    expect(res.body.validations).toMatchObject({
      required_fields_extracted: { status: "pass" },
      document_age_valid: { status: "pass" },
      names_consistent: { status: "pass" },
      addresses_consistent: { status: "pass" },
      document_complete_and_legible: { status: "pass" },
    });
  });

  it("fails document_age_valid past minimum_document_length, and passes within a longer one", async () => {
    const bill = billAged("live-api:old", 70);
    const strict = await verify(bill, { sub_type: "utility_bill", minimum_document_length: "1 month" });
    expect(strict.status).toBe(200);
    expect(strict.body.validations.document_age_valid).toMatchObject({ status: "fail", failed_reasons: ["DOCUMENT_TOO_OLD"] });
    expect(strict.body.outcome).toBe("fail");
    expect(strict.body.retake).toMatchObject({ reason: "too_old" });
    const lenient = await verify(bill, { sub_type: "utility_bill", minimum_document_length: "3 months" });
    expect(lenient.body.validations.document_age_valid).toMatchObject({ status: "pass" });
  });

  it("refuses a file that is not a PDF or image with 415 and the error shape", async () => {
    const form = new FormData();
    form.append("document", new Blob([new TextEncoder().encode("just some text, not a document")]), "notes.txt");
    form.append("sub_type", "utility_bill");
    const res = await call(app, "POST", "/api/v1/verify/supporting-documents", { token, body: form });
    // wire-details: every error body is {status_code, message, …}.
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ status_code: 415 });
    expect(typeof res.body.message).toBe("string");
  });
});
