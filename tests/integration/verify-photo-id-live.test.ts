import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { generateIdDocument, type IdDocument } from "../support/documents/id-document";
import { sampleFaces } from "../support/faces";

// POST /api/v1/verify/photo-id in live mode on generated passports whose truth is known
// (tests/support/documents): every field read right, and each planted fault named by the right
// failed validation. Expected values come from the generator, never from the engine.

let database: TestDatabase;
let app: TestApi;
let token: string;
const docs: Record<string, IdDocument> = {};
let faces: Awaited<ReturnType<typeof sampleFaces>>;

const iso = (yymmdd: string, century: number) => `${century + Number(yymmdd.slice(0, 2))}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  token = await tokenFor(app, (await seedTeam(database.db, "Live Docs")).live);
  faces = await sampleFaces();
  for (const seed of ["live-a", "live-b", "live-c"]) docs[seed] = await generateIdDocument({ seed, kind: "passport", faceIndex: 4 });
  docs.expired = await generateIdDocument({ seed: "live-expired", kind: "passport", personOptions: { expired: true }, faceIndex: 4 });
  docs.tampered = await generateIdDocument({
    seed: "live-tampered",
    kind: "passport",
    tamper: { kind: "check-digit", field: "birthDate" },
    faceIndex: 4,
  });
}, 240_000);
afterAll(async () => database?.dispose());

async function verify(doc: IdDocument, extra: Record<string, string | Buffer> = {}) {
  const form = new FormData();
  form.append("sub_type", "Passport");
  form.append("front", new Blob([new Uint8Array(await sharp(doc.image).jpeg({ quality: 90 }).toBuffer())]), "front.jpg");
  for (const [key, value] of Object.entries(extra)) {
    if (typeof value === "string") form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value)]), `${key}.jpg`);
  }
  return call(app, "POST", "/api/v1/verify/photo-id", { token, body: form });
}

describe("live photo ID reading", () => {
  it("reads every field of clean passports, billable", async () => {
    for (const seed of ["live-a", "live-b", "live-c"]) {
      const doc = docs[seed]!;
      const m = doc.truth.mrz;
      const res = await verify(doc);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ verification_method: "photo_id", billable: true, evidence_type: "passport", retake: null });
      expect(res.body.extracted_details).toMatchObject({
        last_name: m.surname,
        document_number: m.documentNumber,
        date_of_birth: iso(m.birthDate, Number(m.birthDate.slice(0, 2)) > 26 ? 1900 : 2000),
        expiration_date: iso(m.expirationDate, 2000),
        issuing_country: m.issuingState,
        nationality: m.nationality,
        icao_format: "TD3",
        mrz_code: doc.truth.mrzLines.join("\n"),
      });
      expect(res.body.validations).toMatchObject({
        required_fields_extracted: { status: "pass" },
        mrz_check_digits_valid: { status: "pass" },
        has_not_expired: { status: "pass" },
        document_contains_face: { status: "pass" },
        not_screenshot: { status: "not_performed" },
      });
      expect(res.body.outcome).toBe("pass");
    }
  }, 180_000);

  it("names an expired document, a claim that does not match, and another person's face", async () => {
    const expired = await verify(docs.expired!);
    expect(expired.body.validations.has_not_expired).toEqual({ status: "fail", failed_reasons: ["EXPIRY_DATE_PASSED"] });
    expect(expired.body.outcome).toBe("fail");

    const person = docs["live-a"]!.truth.person;
    const claimed = await verify(docs["live-a"]!, { first_name: "Someone", last_name: "Else", date_of_birth: "1970-01-01" });
    expect(claimed.body.validations.names_consistent).toMatchObject({ status: "fail", failed_reasons: ["NAME_MISMATCH"] });
    expect(claimed.body.validations.dates_of_birth_consistent).toEqual({ status: "fail", failed_reasons: ["DATE_OF_BIRTH_MISMATCH"] });
    const own = await verify(docs["live-a"]!, {
      first_name: person.givenNames.split(" ")[0]!,
      last_name: person.surname,
      date_of_birth: person.dateOfBirth,
    });
    expect(own.body.validations.names_consistent).toEqual({ status: "pass" });
    expect(own.body.validations.dates_of_birth_consistent).toEqual({ status: "pass" });

    const sameFace = await verify(docs["live-b"]!, { face_scan: faces[4]!.image });
    expect(sameFace.body.validations.face_match).toMatchObject({ status: "pass" });
    const otherFace = await verify(docs["live-b"]!, { face_scan: faces[9]!.image });
    expect(otherFace.body.validations.face_match).toMatchObject({
      status: "fail",
      failed_reasons: [expect.stringMatching(/^(LOW|MEDIUM)_ID_FACE_MATCH$/)],
    });
    expect(otherFace.body.outcome).toBe("fail");
  }, 240_000);

  it("never accepts a tampered check digit: it asks for another capture", async () => {
    const res = await verify(docs.tampered!);
    expect(res.body.outcome).toBe("fail");
    expect(res.body.validations.required_fields_extracted).toEqual({ status: "fail", failed_reasons: ["INCOMPLETE_MRZ_DATA"] });
    expect(res.body.retake).toMatchObject({ reason: expect.any(String), message: expect.any(String) });
    expect(res.body.extracted_details.document_number).toBeNull();
  }, 120_000);
});
