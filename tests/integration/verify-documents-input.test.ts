import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { manyPagePdf, pngBomb } from "../support/bad-files";
import { createTestDatabase, type TestDatabase } from "../support/db";

// The direct document endpoints' input rules (issue 11; wire-details errors): the same in both
// modes and answered before any document is read, so none of these needs the engine.

const MB = 1024 * 1024;
let database: TestDatabase;
let app: TestApi;
const tokens: Record<"live" | "sandbox", string> = { live: "", sandbox: "" };
let photo: Buffer;

function form(fields: Record<string, string | Buffer | undefined>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === "string") data.append(key, value);
    else data.append(key, new Blob([new Uint8Array(value)]), `${key}.bin`);
  }
  return data;
}

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  const seeded = await seedTeam(database.db, "Docs Ltd");
  tokens.live = await tokenFor(app, seeded.live);
  tokens.sandbox = await tokenFor(app, seeded.sandbox);
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#ddd" } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => database?.dispose());

describe.each(["live", "sandbox"] as const)("POST /api/v1/verify/* input checks (%s)", (mode) => {
  const photoId = (fields: Record<string, string | Buffer | undefined>) =>
    call(app, "POST", "/api/v1/verify/photo-id", { token: tokens[mode], body: form(fields) });
  const supporting = (fields: Record<string, string | Buffer | undefined>) =>
    call(app, "POST", "/api/v1/verify/supporting-documents", { token: tokens[mode], body: form(fields) });

  it("refuses a GIF as front with 415, judged by its bytes", async () => {
    const gif = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(2000)]);
    const res = await photoId({ sub_type: "Passport", front: gif });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ status_code: 415, error_detail: { front: expect.stringContaining("JPEG or PNG") } });
  });

  it("refuses an 11 MB upload with 413", async () => {
    const big = Buffer.concat([photo, Buffer.alloc(11 * MB)]);
    const res = await photoId({ sub_type: "Passport", front: big });
    expect(res.status).toBe(413);
    expect(res.body.status_code).toBe(413);
  });

  it("refuses a 20000×20000 PNG bomb from its header, quickly", async () => {
    const started = Date.now();
    const res = await photoId({ sub_type: "Passport", front: pngBomb() });
    expect(res.status).toBe(422); // well-formed, refused (wire-details: errors)
    expect(res.body).toMatchObject({ error_code: "image_too_large", error_detail: { front: expect.stringContaining("megapixels") } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses a truncated JPEG", async () => {
    const res = await photoId({ sub_type: "Passport", front: photo.subarray(0, Math.floor(photo.length / 2)) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error_code: "truncated_file" });
  });

  it("refuses a readable image too small to read with 422 (well-formed, refused) and an empty file with 400", async () => {
    const tiny = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#ddd" } })
      .jpeg()
      .toBuffer();
    const small = await photoId({ sub_type: "Passport", front: tiny });
    expect(small.status).toBe(422);
    expect(small.body).toMatchObject({
      status_code: 422,
      error_code: "image_too_small",
      error_detail: { front: "Must be at least 200 pixels on each side" },
    });
    const empty = await photoId({ sub_type: "Passport", front: Buffer.alloc(0) });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ status_code: 400, error_detail: { front: "Must be a non-empty file" } });
  });

  it("refuses a PDF as a photo ID but takes it as a supporting document", async () => {
    const pdf = manyPagePdf(1);
    expect((await photoId({ sub_type: "Passport", front: pdf })).status).toBe(415);
    const res = await supporting({ sub_type: "utility_bill", document: manyPagePdf(500) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error_code: "too_many_pages", error_detail: { document: "Must have at most 20 pages" } });
  });

  it("checks sub_type and required files", async () => {
    expect((await photoId({ sub_type: "Banana", front: photo })).body).toMatchObject({
      status_code: 400,
      error_detail: { sub_type: expect.stringContaining("Passport") },
    });
    expect((await photoId({ sub_type: "Passport" })).body).toMatchObject({ status_code: 400, error_detail: { front: expect.any(String) } });
    expect((await photoId({ sub_type: "PassCard", front: photo })).body).toMatchObject({
      status_code: 501,
      error_code: "sub_type_not_supported",
    });
    expect((await supporting({ sub_type: "utility_bill", document: photo, minimum_document_length: "soon" })).body).toMatchObject({
      status_code: 400,
      error_detail: { minimum_document_length: expect.any(String) },
    });
    expect((await supporting({ sub_type: "love_letter", document: photo })).status).toBe(400);
  });

  it("needs a token", async () => {
    const res = await call(app, "POST", "/api/v1/verify/photo-id", { body: form({ sub_type: "Passport", front: photo }) });
    expect(res.status).toBe(401);
  });
});

describe("sandbox answers (lib/server/sandbox/documents.ts)", () => {
  it("gives the stable passport record, not billed, with a face match when a face scan is sent", async () => {
    const res = await call(app, "POST", "/api/v1/verify/photo-id", {
      token: tokens.sandbox,
      body: form({ sub_type: "Passport", front: photo, face_scan: photo }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      verification_method: "photo_id",
      billable: false,
      evidence_type: "passport",
      outcome: "pass",
      extracted_details: {
        first_name: "ERIKA",
        last_name: "ROBERTS",
        document_number: "925076473",
        date_of_birth: "1990-02-03",
        expiration_date: "2031-08-30",
        date_of_issue: null,
        issuing_country: "GBR",
        nationality: "GBR",
        sex: "F",
        icao_format: "TD3",
        mrz_code: null,
      },
      validations: {
        required_fields_extracted: { status: "pass" },
        mrz_check_digits_valid: { status: "pass" },
        icao_format_valid: { status: "pass" },
        has_not_expired: { status: "pass" },
        not_specimen: { status: "pass" },
        document_contains_face: { status: "pass" },
        face_match: { status: "pass", score: 0.91 },
      },
      retake: null,
    });
  });

  it("gives the stable supporting-document record of the sub_type", async () => {
    const res = await call(app, "POST", "/api/v1/verify/supporting-documents", {
      token: tokens.sandbox,
      body: form({ sub_type: "BankStatement", document: manyPagePdf(2) }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verification_method: "supporting_document",
      evidence_type: "bank_statement",
      billable: false,
      outcome: "pass",
      extracted_details: {
        first_name: "ERIKA",
        last_name: "ROBERTS",
        postcode: "NW1 6XE",
        first_line_of_address: "221B Baker Street",
        document_date: "2026-01-02",
      },
    });
  });

  it("documents both operations in the OpenAPI document", async () => {
    const doc = (await call(app, "GET", "/api/openapi.json")).body;
    // The error codes are a closed, documented set: the Error schema lists them, each with its meaning.
    const errorCode = doc.components.schemas.Error.properties.error_code;
    expect(errorCode.enum).toEqual(
      expect.arrayContaining(["sub_type_not_supported", "image_too_small", "truncated_file", "document_read_timeout"]),
    );
    for (const code of errorCode.enum) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(errorCode.description).toContain(`\`${code}\`: `);
    }
    expect(Object.keys(doc.paths["/api/v1/verify/photo-id"].post.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "413", "415", "422", "501", "503"]),
    );
    expect(Object.keys(doc.paths["/api/v1/verify/supporting-documents"].post.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "413", "415", "503"]),
    );
  });
});
