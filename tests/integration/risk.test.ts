import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorSchema, riskRadarResponseSchema, riskResponseSchema, type RiskEnrichment } from "@/lib/contract";
import { riskAssessments } from "@/lib/db/schema";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

const MB = 1024 * 1024;
const JPEG_MAGIC = [0xff, 0xd8, 0xff, 0xe0];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF_MAGIC = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];

/** Magic bytes then zero padding: enough for a content check. */
function image(magic: number[], size = 256, type = "image/jpeg"): Blob {
  const bytes = new Uint8Array(size);
  bytes.set(magic);
  return new Blob([bytes], { type });
}

const person = { first_name: "Dana", last_name: "Webb", email: "dwebb@email.com", date_of_birth: "1990-01-31" };
const address = {
  residence_number: "10",
  street: "Downing Street",
  city: "London",
  postcode: "SW1A 2AA",
  country_code: "GB",
  country: "United Kingdom",
};

type Fields = Record<string, string | Blob | undefined>;

function toForm(fields: Fields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(key, value, key === "face_scan" ? "face.jpg" : "upload.bin");
    else form.append(key, value);
  }
  return form;
}

const withEnrichments = (list: string[], extra: Fields = {}): Fields => ({
  ...person,
  enrichments: JSON.stringify(list),
  ...(list.some((e) => e.toUpperCase() === "CREDIT_BUREAU") && { address: JSON.stringify(address) }),
  ...extra,
});

/** Validates a /api/v2/risk answer against the response schema the served document gives its status. */
async function documentChecker(app: TestApi) {
  const doc = (await call(app, "GET", "/api/openapi.json")).body;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, "openapi.json");
  const compiled = new Map<number, ValidateFunction>();
  return (status: number, body: unknown) => {
    expect(doc.paths["/api/v2/risk"].post.responses, `status ${status} is documented`).toHaveProperty([String(status)]);
    const ref = `openapi.json#/paths/~1api~1v2~1risk/post/responses/${status}/content/application~1json/schema`;
    const validate = compiled.get(status) ?? ajv.compile({ $ref: ref });
    compiled.set(status, validate);
    expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
  };
}

describeEngines("risk on %s", (engine) => {
  let database: TestDatabase;
  let app: TestApi;
  let live: string;
  let sandbox: string;
  let otherSandbox: string;
  let teamId: string;
  let otherTeamId: string;

  let documented: (status: number, body: unknown) => void;

  /** Every answer is also checked against the OpenAPI document the app serves. */
  async function assess(fields: Fields, options: { token?: string; query?: string } = {}) {
    const res = await call(app, "POST", `/api/v2/risk${options.query ?? ""}`, { token: options.token ?? sandbox, body: toForm(fields) });
    documented(res.status, res.body);
    return res;
  }

  async function headline(fields: Fields, options: { token?: string } = {}) {
    const res = await assess(fields, options);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return riskResponseSchema.strict().parse(res.body);
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // The app exactly as served: a route missing from app.ts fails here (issue 15).
    app = createTestApi(database.db);
    documented = await documentChecker(app);
    const acme = await seedTeam(database.db, "Acme");
    const globex = await seedTeam(database.db, "Globex");
    teamId = acme.team.id;
    otherTeamId = globex.team.id;
    live = await tokenFor(app, acme.live);
    sandbox = await tokenFor(app, acme.sandbox);
    otherSandbox = await tokenFor(app, globex.sandbox);
  });
  afterAll(() => database.dispose());

  describe("sandbox outcomes (spec 4.9)", () => {
    it.each([
      ["dwebb@email.com", "CLEAR"],
      ["jdoe@email.com", "REVIEW"],
      ["eroberts@email.com", "REJECT"],
      ["JDoe@Email.com", "REVIEW"],
      ["EROBERTS@EMAIL.COM", "REJECT"],
      ["someone+reject@example.com", "REJECT"],
      ["someone+review@example.com", "REVIEW"],
      ["someone+Review@example.com", "REVIEW"],
      ["both+review+reject@example.com", "REJECT"],
      ["someone@example.com", "CLEAR"],
      ["dwebb+x@email.com", "CLEAR"],
      // spec 4.9: the email "contains the text" +reject / +review, anywhere, not only as a suffix.
      ["a+review.x@example.com", "REVIEW"],
      ["x.y+reviewer@example.com", "REVIEW"],
      ["a+rejected.b@example.com", "REJECT"],
      ["review@example.com", "CLEAR"],
      ["reject@example.com", "CLEAR"],
      ["a.review+x@example.com", "CLEAR"],
      ["a-reject@example.com", "CLEAR"],
    ] as const)("%s → %s, with a score in its band", async (email, recommendation) => {
      const body = await headline({ ...person, email });
      expect(body.recommendation).toBe(recommendation);
      const [low, high] = { CLEAR: [60, 100], REVIEW: [34, 59], REJECT: [0, 33] }[recommendation];
      expect(body.risk_score).toBeGreaterThanOrEqual(low!);
      expect(body.risk_score).toBeLessThanOrEqual(high!);
      expect(body.fraud_signals).toEqual(
        { CLEAR: [], REVIEW: ["LOW_EMAIL_SCORE"], REJECT: ["LOW_CROSS_TEAM_EMAIL_VELOCITY", "LOW_EMAIL_SCORE"] }[recommendation],
      );
      expect(body.billable).toBe(false);
      expect(body.team_id).toBe(teamId);
    });

    it("CLEAR: every requested enrichment and every check passes", async () => {
      const body = await headline(withEnrichments(["CREDIT_BUREAU", "ONLINE_FOOTPRINT", "AML", "NFD"]));
      expect(body.enrichment_reports).toEqual({
        credit_bureau: { state: "PASS", checks: { IDENTITY_MATCH: { state: "PASS" }, RESIDENCY_MATCH: { state: "PASS" } } },
        online_footprint: { state: "PASS", checks: { EMAIL_SCORE: { state: "PASS" }, PHONE_SCORE: { state: "PASS" } } },
        aml: { state: "PASS", checks: { AML_SANCTIONS_CHECK: { state: "PASS" } } },
        nfd: { state: "PASS", checks: { NFD_MATCH: { state: "PASS" } } },
      });
    });

    it.each<[RiskEnrichment[], string]>([
      [["AML", "ONLINE_FOOTPRINT"], "online_footprint"],
      [["ONLINE_FOOTPRINT", "AML"], "aml"],
      [["NFD", "CREDIT_BUREAU", "AML"], "aml"],
      [["AML", "NFD", "CREDIT_BUREAU"], "credit_bureau"],
      [["CREDIT_BUREAU", "AML", "NFD"], "nfd"],
      [["ONLINE_FOOTPRINT"], "online_footprint"],
    ])("REVIEW with %j: only the last requested (%s) fails, every check with a reason", async (list, failing) => {
      const body = await headline(withEnrichments(list, { email: "jdoe@email.com" }));
      const reports = body.enrichment_reports as Record<
        string,
        { state: string; checks: Record<string, { state: string; reason?: string }> }
      >;
      expect(Object.keys(reports).sort()).toEqual(list.map((e) => e.toLowerCase()).sort());
      for (const [key, report] of Object.entries(reports)) {
        const state = key === failing ? "FAIL" : "PASS";
        expect(report.state, key).toBe(state);
        for (const check of Object.values(report.checks)) {
          expect(check.state).toBe(state);
          if (state === "FAIL") expect(check.reason).toMatch(/\S/);
          else expect(check.reason).toBeUndefined();
        }
      }
    });

    it("REJECT: every requested enrichment and every check fails", async () => {
      const body = await headline(withEnrichments(["NFD", "AML", "CREDIT_BUREAU", "ONLINE_FOOTPRINT"], { email: "x+reject@example.com" }));
      const reports = Object.values(body.enrichment_reports);
      expect(reports).toHaveLength(4);
      for (const report of reports) {
        expect(report!.state).toBe("FAIL");
        for (const check of Object.values(report!.checks)) expect(check).toMatchObject({ state: "FAIL", reason: expect.any(String) });
      }
    });

    it("echoes the input and reports only the requested enrichments", async () => {
      const body = await headline(
        withEnrichments(["ONLINE_FOOTPRINT", "CREDIT_BUREAU"], { phone: "+447700900123", email: "someone@example.com" }),
      );
      expect(body).toMatchObject({
        ...person,
        email: "someone@example.com",
        phone: "+447700900123",
        address,
        enrichments: ["ONLINE_FOOTPRINT", "CREDIT_BUREAU"],
      });
      expect(Object.keys(body.enrichment_reports).sort()).toEqual(["credit_bureau", "online_footprint"]);
      expect(body.metadata).toEqual({ thresholds: { aml: 96, online_footprint: 50 } });
      expect(body.id).toMatch(/^risk_/);
      expect(Math.abs(Date.parse(body.created_at) - Date.now())).toBeLessThan(60_000);
    });

    it("without enrichments: an empty list, no reports, no phone or address echoed", async () => {
      const body = await headline(person);
      expect(body.enrichments).toEqual([]);
      expect(body.enrichment_reports).toEqual({});
      expect(body).not.toHaveProperty("phone");
      expect(body).not.toHaveProperty("address");
    });

    it("accepts the lower-case spellings and answers in upper case", async () => {
      const body = await headline(withEnrichments(["credit_bureau", "online_footprint", "aml", "nfd"]));
      expect(body.enrichments).toEqual(["CREDIT_BUREAU", "ONLINE_FOOTPRINT", "AML", "NFD"]);
      expect(Object.keys(body.enrichment_reports).sort()).toEqual(["aml", "credit_bureau", "nfd", "online_footprint"]);
    });

    it("reports the thresholds it was given, defaulting the missing one", async () => {
      const body = await headline({ ...person, thresholds: JSON.stringify({ aml: 80 }) });
      expect(body.metadata.thresholds).toEqual({ aml: 80, online_footprint: 50 });
    });

    it("reports alerts_enabled_at exactly when AML is requested", async () => {
      const withAml = await headline(withEnrichments(["AML"]));
      expect(Math.abs(Date.parse(withAml.alerts_enabled_at!) - Date.now())).toBeLessThan(60_000);
      for (const list of [[], ["ONLINE_FOOTPRINT", "NFD"]]) {
        expect(await headline(withEnrichments(list))).not.toHaveProperty("alerts_enabled_at");
      }
    });
  });

  describe("the radar description (?report=radar)", () => {
    it("is a mock report: state and all four checks PASS, with the echo and enrichment reports", async () => {
      const res = await assess(withEnrichments(["CREDIT_BUREAU", "AML"], { email: "jdoe@email.com", face_scan: image(JPEG_MAGIC) }), {
        query: "?report=radar",
      });
      expect(res.status).toBe(201);
      const body = riskRadarResponseSchema.strict().parse(res.body);
      expect(body.radar_verification_report).toEqual({
        state: "PASS",
        checks: [
          { name: "known_blocklist_match", state: "PASS" },
          { name: "email_linked_to_multiple_identities", state: "PASS" },
          { name: "email_velocity", state: "PASS" },
          { name: "face_linked_to_multiple_identities", state: "PASS" },
        ],
      });
      expect(body).toMatchObject({
        ...person,
        email: "jdoe@email.com",
        address,
        enrichments: ["CREDIT_BUREAU", "AML"],
        billable: false,
        team_id: teamId,
      });
      expect(body.enrichment_reports.credit_bureau!.state).toBe("PASS");
      expect(body.enrichment_reports.aml!.state).toBe("FAIL"); // REVIEW: the last one fails
      expect(body.alerts_enabled_at).toBeDefined();
      expect(body).not.toHaveProperty("risk_score");
      expect(body).not.toHaveProperty("recommendation");
    });

    it("has no alerts_enabled_at without AML, and refuses an unknown report", async () => {
      const res = await assess(person, { query: "?report=radar" });
      expect(riskRadarResponseSchema.strict().parse(res.body)).not.toHaveProperty("alerts_enabled_at");
      const bad = await assess(person, { query: "?report=pdf" });
      expect(bad.status).toBe(400);
      expect(errorSchema.parse(bad.body).error_detail).toHaveProperty("report");
    });
  });

  describe("validation (both modes)", () => {
    it.each<[string, Fields, string]>([
      ["no first_name", { ...person, first_name: undefined }, "first_name"],
      ["no last_name", { ...person, last_name: undefined }, "last_name"],
      ["no email", { ...person, email: undefined }, "email"],
      ["no date_of_birth", { ...person, date_of_birth: undefined }, "date_of_birth"],
      ["an empty first_name", { ...person, first_name: " " }, "first_name"],
      ["a bad email", { ...person, email: "not-an-email" }, "email"],
      ["an impossible date", { ...person, date_of_birth: "1990-02-31" }, "date_of_birth"],
      ["a date in another format", { ...person, date_of_birth: "31/01/1990" }, "date_of_birth"],
      ["a future date", { ...person, date_of_birth: "2999-01-01" }, "date_of_birth"],
      ["an unknown enrichment", { ...person, enrichments: '["AML","CREDIT_CHECK"]' }, "enrichments.1"],
      ["a duplicate enrichment", { ...person, enrichments: '["AML","aml"]' }, "enrichments.1"],
      ["malformed enrichments JSON", { ...person, enrichments: "[AML" }, "enrichments"],
      ["enrichments not an array", { ...person, enrichments: '"AML"' }, "enrichments"],
      ["CREDIT_BUREAU without address", { ...person, enrichments: '["CREDIT_BUREAU"]' }, "address"],
      [
        "CREDIT_BUREAU, address without postcode",
        withEnrichments(["CREDIT_BUREAU"], { address: JSON.stringify({ ...address, postcode: undefined }) }),
        "address.postcode",
      ],
      [
        "CREDIT_BUREAU, address without city",
        withEnrichments(["CREDIT_BUREAU"], { address: JSON.stringify({ ...address, city: undefined }) }),
        "address.city",
      ],
      [
        "CREDIT_BUREAU, address without country_code",
        withEnrichments(["CREDIT_BUREAU"], { address: JSON.stringify({ ...address, country_code: undefined }) }),
        "address.country_code",
      ],
      [
        "CREDIT_BUREAU, address without number or building",
        withEnrichments(["credit_bureau"], { address: JSON.stringify({ ...address, residence_number: undefined }) }),
        "address.residence_number",
      ],
      ["malformed address JSON", { ...person, address: "{residence_number: 10" }, "address"],
      ["an address with an unknown key", { ...person, address: JSON.stringify({ ...address, planet: "Mars" }) }, "address.planet"],
      ["a bad country code", { ...person, address: JSON.stringify({ ...address, country_code: "GBR" }) }, "address.country_code"],
      ["a phone not in E.164", { ...person, phone: "07700 900123" }, "phone"],
      ["a phone without digits enough", { ...person, phone: "+44123" }, "phone"],
      ["an out-of-range threshold", { ...person, thresholds: '{"aml":101}' }, "thresholds.aml"],
      ["malformed thresholds JSON", { ...person, thresholds: "{aml:1" }, "thresholds"],
      ["an unknown field", { ...person, colour: "blue" }, "colour"],
      ["face_scan sent as text", { ...person, face_scan: "data:image/jpeg;base64,/9j/" }, "face_scan"],
    ])("refuses %s with 400 keyed %s", async (_label, fields, key) => {
      for (const token of [sandbox, live]) {
        const res = await assess(fields, { token });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        const body = errorSchema.parse(res.body);
        expect(body.status_code).toBe(400);
        expect(body.error_detail).toHaveProperty([key]);
      }
    });

    it("names the CREDIT_BUREAU requirement and lists every problem at once", async () => {
      const res = await assess({
        ...person,
        first_name: undefined,
        enrichments: '["CREDIT_BUREAU"]',
        address: JSON.stringify({ street: "Baker Street" }),
      });
      expect(errorSchema.parse(res.body).error_detail).toEqual({
        first_name: "Required",
        "address.residence_number": "Required when CREDIT_BUREAU is requested (or address.building_name)",
        "address.postcode": "Required when CREDIT_BUREAU is requested",
        "address.city": "Required when CREDIT_BUREAU is requested",
        "address.country_code": "Required when CREDIT_BUREAU is requested",
      });
    });

    it("refuses a field sent twice", async () => {
      const form = toForm(person);
      form.append("email", "second@example.com");
      const res = await call(app, "POST", "/api/v2/risk", { token: sandbox, body: form });
      expect(res.status).toBe(400);
      expect(errorSchema.parse(res.body).error_detail).toEqual({ email: "Must be sent once" });
    });

    it("says Required for each missing field", async () => {
      const res = await assess({});
      expect(errorSchema.parse(res.body).error_detail).toEqual({
        first_name: "Required",
        last_name: "Required",
        email: "Required",
        date_of_birth: "Required",
      });
    });

    it("accepts building_name in place of residence_number", async () => {
      await headline(
        withEnrichments(["CREDIT_BUREAU"], {
          address: JSON.stringify({ ...address, residence_number: undefined, building_name: "Flat A" }),
        }),
      );
    });

    it("refuses a JSON body with 400 naming the content type", async () => {
      const res = await call(app, "POST", "/api/v2/risk", { token: sandbox, json: person });
      expect(res.status).toBe(400);
      expect(errorSchema.parse(res.body).error_detail).toEqual({ "content-type": "Must be multipart/form-data" });
    });

    it.each(["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x; charset=utf-8"])(
      "refuses the content type %s with 400",
      async (type) => {
        const res = await call(app, "POST", "/api/v2/risk", {
          token: sandbox,
          body: new URLSearchParams(person).toString(),
          headers: { "content-type": type },
        });
        expect(res.status).toBe(400);
        expect(errorSchema.parse(res.body).error_detail).toEqual({ "content-type": "Must be multipart/form-data" });
      },
    );

    it("refuses a broken multipart body with 400", async () => {
      const res = await call(app, "POST", "/api/v2/risk", {
        token: sandbox,
        body: "--x\r\nContent-Disposition: form-data; name=first_name\r\n\r\nDana",
        headers: { "content-type": "multipart/form-data; boundary=x" },
      });
      expect(res.status).toBe(400);
      expect(errorSchema.parse(res.body).error_detail).toHaveProperty("body");
    });

    it("needs a valid token (401)", async () => {
      expect((await call(app, "POST", "/api/v2/risk", { body: toForm(person) })).status).toBe(401);
      expect((await call(app, "POST", "/api/v2/risk", { token: "nope", body: toForm(person) })).status).toBe(401);
    });
  });

  describe("face_scan", () => {
    it.each([
      ["a JPEG", image(JPEG_MAGIC, 2048, "image/jpeg")],
      ["a PNG", image(PNG_MAGIC, 2048, "image/png")],
      ["a PNG declared as text", image(PNG_MAGIC, 64, "text/plain")],
    ])("accepts %s (judged by its bytes)", async (_label, file) => {
      await headline({ ...person, face_scan: file });
    });

    it.each([
      ["a GIF named .jpg", image(GIF_MAGIC, 256, "image/jpeg")],
      ["text named .jpg", new Blob(["hello, I am not a picture"], { type: "image/jpeg" })],
      ["an empty file", new Blob([], { type: "image/jpeg" })],
      ["a truncated JPEG signature", new Blob([new Uint8Array([0xff, 0xd8])], { type: "image/jpeg" })],
    ])("refuses %s with 415 in both modes", async (_label, file) => {
      for (const token of [sandbox, live]) {
        const res = await assess({ ...person, face_scan: file }, { token });
        expect(res.status).toBe(415);
        expect(errorSchema.parse(res.body)).toMatchObject({ status_code: 415, error_detail: { face_scan: expect.any(String) } });
      }
    });

    it("refuses a face_scan over 10 MB with 413 keyed face_scan", async () => {
      const res = await assess({ ...person, face_scan: image(JPEG_MAGIC, 10 * MB + 1) }, { token: live });
      expect(res.status).toBe(413);
      expect(errorSchema.parse(res.body)).toMatchObject({ status_code: 413, error_detail: { face_scan: expect.any(String) } });
      await headline({ ...person, face_scan: image(JPEG_MAGIC, 10 * MB) }); // exactly 10 MB is allowed
    });

    it("refuses an 11 MB upload at the body limit with 413", async () => {
      for (const token of [sandbox, live]) {
        const res = await assess({ ...person, face_scan: image(JPEG_MAGIC, 11 * MB) }, { token });
        expect(res.status).toBe(413);
        expect(errorSchema.parse(res.body)).toMatchObject({ status_code: 413, error_detail: { body: expect.any(String) } });
      }
    });

    it("refuses by Content-Length before reading the body", async () => {
      const res = await call(app, "POST", "/api/v2/risk", {
        token: sandbox,
        body: toForm(person),
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(50 * MB) },
      });
      expect(res.status).toBe(413);
    });
  });

  describe("live mode", () => {
    it("assesses with the live engine: billable, validated against the document, stored for the live tenant", async () => {
      const body = await headline({ ...person, email: `dana.${Date.now()}@example.org` }, { token: live });
      expect(body.billable).toBe(true);
      const [row] = await database.db.select().from(riskAssessments).where(eq(riskAssessments.id, body.id));
      expect(row).toMatchObject({ teamId, mode: "live", billable: true });
    });
  });

  describe("storage", () => {
    it("stores each answered assessment for the team and mode, with the response", async () => {
      const body = await headline(withEnrichments(["AML"], { email: "jdoe@email.com" }));
      const [row] = await database.db.select().from(riskAssessments).where(eq(riskAssessments.id, body.id));
      expect(row).toMatchObject({
        teamId,
        mode: "sandbox",
        email: "jdoe@email.com",
        firstName: "Dana",
        lastName: "Webb",
        dateOfBirth: "1990-01-31",
        report: "headline",
        riskScore: body.risk_score,
        recommendation: "REVIEW",
        enrichments: ["AML"],
        billable: false,
      });
      expect(row!.response).toEqual(body);
      expect(row!.createdAt.toISOString()).toBe(body.created_at);

      const radar = await assess(person, { query: "?report=radar" });
      const [radarRow] = await database.db.select().from(riskAssessments).where(eq(riskAssessments.id, radar.body.id));
      expect(radarRow).toMatchObject({ report: "radar", riskScore: null, recommendation: null, mode: "sandbox", teamId });
    });

    it("files another team's assessment under that team", async () => {
      const body = await headline(person, { token: otherSandbox });
      expect(body.team_id).toBe(otherTeamId);
      const [row] = await database.db.select().from(riskAssessments).where(eq(riskAssessments.id, body.id));
      expect(row).toMatchObject({ teamId: otherTeamId, mode: "sandbox" });
    });
  });

  it("is described in the OpenAPI document with a multipart body", async () => {
    const res = await call(app, "GET", "/api/openapi.json");
    const doc = res.body;
    const operation = doc.paths["/api/v2/risk"].post;
    expect(Object.keys(operation.requestBody.content)).toEqual(["multipart/form-data"]);
    expect(Object.keys(operation.responses).sort()).toEqual(["201", "400", "401", "413", "415", "429"]);
    expect(doc.components.schemas.RiskRequest.properties.face_scan).toMatchObject({ type: "string", format: "binary" });
    for (const name of ["RiskResponse", "RiskRadarResponse", "RiskEnrichmentReports", "RadarVerificationReport"]) {
      expect(doc.components.schemas).toHaveProperty(name);
    }
    expect(() => documented(201, { id: "risk_x" })).toThrow(); // the checker does check
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
  });
});
