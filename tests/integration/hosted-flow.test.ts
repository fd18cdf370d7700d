import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hostedAttempts, hostedSessions, verifications, webhookEndpoints, webhookMessages } from "@/lib/db/schema";
import { confirmClaim } from "@/lib/server/hosted/confirm-claim";
import { createHandoff } from "@/lib/server/hosted/create-handoff";
import { expireHostedCases } from "@/lib/server/hosted/expire-hosted-cases";
import { getHostedProgress } from "@/lib/server/hosted/get-hosted-progress";
import { drainHostedChecks, hostedChecksIdle } from "@/lib/server/hosted/hosted-check-runner";
import { loadHostedFlow } from "@/lib/server/hosted/load-hosted-flow";
import { recordAttempt } from "@/lib/server/hosted/record-attempt";
import { recordConsent } from "@/lib/server/hosted/record-consent";
import { redeemHandoff } from "@/lib/server/hosted/redeem-handoff";
import { submitAddressEvidence } from "@/lib/server/hosted/submit-address-evidence";
import { submitPhotoId } from "@/lib/server/hosted/submit-photo-id";
import { submitSelfie } from "@/lib/server/hosted/submit-selfie";
import { ENGINE_RUNS_PER_HOUR, takeEngineSlot } from "@/lib/server/hosted/take-engine-slot";
import { updateHostedSettings } from "@/lib/server/hosted/update-hosted-settings";
import { createVerification } from "@/lib/server/verifications/create-verification";
import { createTeam } from "@/lib/server/teams/create-team";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

const system = { type: "system" as const, id: "test" };
const claim = {
  firstName: "Ada",
  lastName: "Lovelace",
  dateOfBirth: "1990-12-10",
  address: { residence_number: "10", street: "Downing Street", city: "London", postcode: "SW1A 2AA", country_code: "GB" },
};

describeEngines("hosted flow (server side) on %s", (engine) => {
  let database: TestDatabase;
  let teamId: string;
  const live = () => ({ teamId, mode: "live" as const });

  async function newCase(options: { workflow?: string; expiresAt?: string } = {}) {
    const created = await createVerification(database.db, {
      tenant: live(),
      input: {
        email: `person-${randomBytes(4).toString("hex")}@example.com`,
        workflow_id: options.workflow ?? "sandbox-flow",
        redirect_url: "https://acme.example.com/back",
        expires_at: options.expiresAt,
      },
      actor: system,
      publicBaseUrl: "http://idv.test",
    });
    if (!created.ok) throw new Error(created.error.message);
    return { id: created.value.id, token: created.value.url.split("/verify/")[1]! };
  }
  async function readyCase(workflow?: string) {
    const c = await newCase({ workflow });
    expect((await recordConsent(database.db, { token: c.token, agreed: true })).ok).toBe(true);
    expect((await confirmClaim(database.db, { token: c.token, claim })).ok).toBe(true);
    return c;
  }
  const events = async (id: string) =>
    (await database.db.select().from(webhookMessages).where(eq(webhookMessages.verificationId, id)).orderBy(asc(webhookMessages.seq))).map(
      (m) => m.event,
    );
  const status = async (id: string) => (await database.db.select().from(verifications).where(eq(verifications.id, id)))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const team = await createTeam(database.db, { name: "Acme", actor: system });
    if (!team.ok) throw new Error(team.error.message);
    teamId = team.value.id;
    await database.db
      .insert(webhookEndpoints)
      .values({ teamId, mode: "live", url: "https://hooks.example.com/idv", secret: "whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==" });
  });
  afterAll(async () => {
    await hostedChecksIdle();
    await database.dispose();
  });

  it("walks consent → claim → the workflow's steps, resumable from the token alone", async () => {
    const c = await newCase();
    expect((await loadHostedFlow(database.db, c.token))!.screen).toEqual({ kind: "consent" });
    expect((await recordConsent(database.db, { token: c.token, agreed: false })).ok).toBe(false);
    expect((await recordConsent(database.db, { token: c.token, agreed: true })).ok).toBe(true);
    expect((await loadHostedFlow(database.db, c.token))!.screen).toEqual({ kind: "claim" });
    const bad = await confirmClaim(database.db, {
      token: c.token,
      claim: { ...claim, firstName: " ", dateOfBirth: "1990-02-30", address: { street: "x" } },
    });
    expect(!bad.ok && bad.error.detail).toEqual({ firstName: "firstName", dateOfBirth: "dateOfBirth", address: "address" });
    expect((await confirmClaim(database.db, { token: c.token, claim })).ok).toBe(true);
    const flow = (await loadHostedFlow(database.db, c.token))!;
    expect(flow.screen).toEqual({ kind: "step", step: "photo_id" });
    expect(flow.claim).toMatchObject({
      first_name: "Ada",
      last_name: "Lovelace",
      date_of_birth: "1990-12-10",
      first_line_of_address: "10 Downing Street",
      postcode: "SW1A 2AA",
    });
    expect(await loadHostedFlow(database.db, "not-a-token")).toBeNull();
  });

  it("refuses bad uploads before any engine runs, counting no attempt", async () => {
    const c = await readyCase();
    const text = await submitPhotoId(database.db, {
      token: c.token,
      kind: "passport",
      front: Buffer.from("hello, this is not a photo"),
      back: null,
    });
    expect(text).toMatchObject({ status: 415, answer: { ok: false, error: { code: "wrong_file_type" } } });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
    expect((await submitPhotoId(database.db, { token: c.token, kind: "passport", front: big, back: null })).status).toBe(413);
    expect((await submitPhotoId(database.db, { token: c.token, kind: "banana", front: big, back: null })).status).toBe(400);
    // Not the step the flow is on.
    expect(await submitSelfie(database.db, { token: c.token, challengeId: "x", frames: [] })).toMatchObject({
      status: 409,
      answer: { error: { code: "wrong_step" }, next: `/verify/${c.token}` },
    });
    expect((await submitAddressEvidence(database.db, { token: c.token, documents: [] })).status).toBe(409);
    expect(await database.db.select().from(hostedAttempts).where(eq(hostedAttempts.verificationId, c.id))).toHaveLength(0);
  });

  it("limits engine runs per token and hour", async () => {
    const c = await readyCase();
    const now = new Date("2026-11-24T10:00:00Z");
    for (let i = 0; i < ENGINE_RUNS_PER_HOUR; i++) expect((await takeEngineSlot(database.db, c.id, now)).allowed).toBe(true);
    expect(await takeEngineSlot(database.db, c.id, now)).toMatchObject({ allowed: false, retryAfterSeconds: 3600 });
    expect((await takeEngineSlot(database.db, c.id, new Date(now.getTime() + 3_600_001))).allowed).toBe(true);
  });

  it("locks the case out after the team's number of failed attempts at a step (no webhook, as the spec's 777)", async () => {
    await updateHostedSettings(database.db, { tenant: live(), maxAttempts: 3, actor: system });
    const c = await readyCase();
    for (let i = 1; i <= 3; i++) {
      const flow = (await loadHostedFlow(database.db, c.token))!;
      const settled = await recordAttempt(database.db, flow, {
        step: "photo_id",
        outcome: "retake",
        reason: "blurred",
        evidenceIds: [],
        result: {},
      });
      expect(settled.attemptsLeft).toBe(3 - i);
      expect(settled.lockedOut).toBe(i === 3);
    }
    expect((await status(c.id)).status).toBe("LockedOut");
    expect((await loadHostedFlow(database.db, c.token))!.screen).toEqual({ kind: "result", result: "locked_out" });
    expect(await events(c.id)).toEqual(["Created"]);
    await updateHostedSettings(database.db, { tenant: live(), maxAttempts: 5, actor: system });
  });

  it("hands off to another device with a single-use, short-lived link, and reports the phone's progress", async () => {
    const c = await newCase();
    const flow = (await loadHostedFlow(database.db, c.token))!;
    expect(await getHostedProgress(database.db, c.token)).toMatchObject({ state: "waiting" });
    const { link } = await createHandoff(database.db, flow, { baseUrl: "http://idv.test/" });
    const code = link.split("/verify/h/")[1]!;
    expect(link.startsWith("http://idv.test/verify/h/")).toBe(true);
    expect(await redeemHandoff(database.db, code)).toEqual({ token: c.token });
    expect(await redeemHandoff(database.db, code)).toBeNull();
    expect(await getHostedProgress(database.db, c.token)).toMatchObject({ state: "opened" });
    const late = await createHandoff(database.db, flow, { baseUrl: "http://idv.test", now: new Date(Date.now() - 16 * 60_000) });
    expect(await redeemHandoff(database.db, late.link.split("/verify/h/")[1]!)).toBeNull();
  });

  it("sends Expired once per case whose link ran out before completion, keeping its status", async () => {
    const c = await newCase({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
    const later = new Date(Date.now() + 120_000);
    expect(await expireHostedCases(database.db, { now: later })).toBeGreaterThanOrEqual(1);
    expect(await expireHostedCases(database.db, { now: later })).toBe(0);
    expect(await events(c.id)).toEqual(["Created", "Expired"]);
    expect((await status(c.id)).status).toBe("InProgress");
    expect((await loadHostedFlow(database.db, c.token, later))!.screen).toEqual({ kind: "result", result: "expired" });
    expect((await submitPhotoId(database.db, { token: c.token, kind: "passport", front: null, back: null, now: later })).status).toBe(410);
  });

  // The check job on judged attempts (the shapes the engines return): decision, checks, webhooks.
  const passValidations = {
    names_consistent: { status: "pass" },
    dates_of_birth_consistent: { status: "pass" },
    has_not_expired: { status: "pass" },
  };
  const photoResult = (names: "pass" | "fail") => ({
    kind: "passport",
    outcome: names,
    evidenceType: "passport",
    extractedDetails: {
      first_name: "ADA",
      last_name: names === "pass" ? "LOVELACE" : "BYRON",
      date_of_birth: "1990-12-10",
      document_number: "925076473",
      expiration_date: "2031-08-30",
      issuing_country: "GBR",
    },
    validations: { ...passValidations, names_consistent: { status: names } },
    identity: { firstName: "ADA", lastName: names === "pass" ? "LOVELACE" : "BYRON", dateOfBirth: "1990-12-10" },
    documentEmbedding: null,
    evidence: { document: "evd_front" },
  });
  const selfieResult = {
    challenge: ["turn_left", "blink", "smile"],
    liveness: { status: "pass", score: 0.91, reasons: [] },
    faceMatch: { status: "pass", score: 0.83 },
    embedding: null,
    evidence: {},
  };
  const addressResult = {
    documents: [
      {
        evidenceId: "evd_bill",
        mimeType: "application/pdf",
        outcome: "pass",
        evidenceType: "utility_bill",
        extractedDetails: { first_name: "Ada", last_name: "Lovelace", postcode: "SW1A 2AA" },
        validations: { names_consistent: { status: "pass" }, address_consistent: { status: "pass" } },
      },
    ],
  };

  async function submitAll(c: { token: string }, names: "pass" | "fail") {
    for (const [step, result] of [
      ["photo_id", photoResult(names)],
      ["video_selfie", selfieResult],
      ["address_evidence", addressResult],
    ] as const) {
      const flow = (await loadHostedFlow(database.db, c.token))!;
      if (step === "video_selfie")
        await recordAttempt(database.db, flow, { step, outcome: "failed", reason: "challenge_not_followed", evidenceIds: [], result: {} });
      const again = (await loadHostedFlow(database.db, c.token))!;
      const settled = await recordAttempt(database.db, again, {
        step,
        outcome: "accepted",
        evidenceIds: [],
        result: result as unknown as Record<string, unknown>,
      });
      expect(settled.completed).toBe(step === "address_evidence");
    }
  }

  it("completes on the last step (UserCompleted) and the check job decides Verified with spec 2.4 checks", async () => {
    const c = await readyCase();
    await submitAll(c, "pass");
    // Completion kicked this process's check runner; the case is Processing until it decides.
    expect(["ReadyForReview", "Verified"]).toContain((await status(c.id)).status);
    await hostedChecksIdle();
    const row = await status(c.id);
    expect(row.status).toBe("Verified");
    const [photo, selfie, address] = row.checks;
    expect(photo).toMatchObject({
      step: "step_identity",
      outcome: "pass",
      method: "photo_id",
      evidence_type: "passport",
      extracted_details: { document_number: "925076473", expiration_date: "2031-08-30", issuing_country: "GBR" },
      validations: passValidations,
    });
    expect(selfie).toMatchObject({
      step: "video_selfie",
      outcome: "pass",
      total_attempts: 2,
      validations: { liveness_check: { status: "pass", score: 0.91 }, face_match: { status: "pass", score: 0.83 } },
    });
    expect(address).toMatchObject({
      step: "step_address",
      outcome: "pass",
      method: "supporting_document",
      evidence_type: "utility_bill",
      artefacts: [{ role: "document", key: "evd_bill", mime_type: "application/pdf" }],
    });
    expect(row.enrichments).toEqual([
      {
        check: "radar",
        outcome: "pass",
        validations: {
          not_disposable_email: { status: "pass" },
          normal_velocity_detected: { status: "pass" },
          no_known_fraudster_match: { status: "pass" },
        },
      },
    ]);
    expect(await events(c.id)).toEqual(["Created", "UserCompleted", "Verified"]);
    const [verified] = await database.db
      .select()
      .from(webhookMessages)
      .where(and(eq(webhookMessages.verificationId, c.id), eq(webhookMessages.event, "Verified")));
    expect((verified!.payload as { checks: unknown[] }).checks).toHaveLength(3);
    const [session] = await database.db.select().from(hostedSessions).where(eq(hostedSessions.verificationId, c.id));
    expect(session!.checkedAt).not.toBeNull();
    expect(await drainHostedChecks(database.db)).toBe(0);
  });

  it("decides Refused (Needs review) when the document's name does not match the claim", async () => {
    const c = await readyCase();
    await submitAll(c, "fail");
    await hostedChecksIdle();
    const row = await status(c.id);
    expect(row.status).toBe("Refused");
    expect(row.checks[0]).toMatchObject({ step: "step_identity", outcome: "fail", validations: { names_consistent: { status: "fail" } } });
    expect(await events(c.id)).toEqual(["Created", "UserCompleted", "Refused"]);
  });
});
