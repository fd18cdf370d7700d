import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evidenceFiles, hostedAttempts } from "@/lib/db/schema";
import { closeEnginePool } from "@/lib/server/documents";
import { confirmClaim, type ClaimInput } from "@/lib/server/hosted/confirm-claim";
import { loadHostedFlow } from "@/lib/server/hosted/load-hosted-flow";
import { recordConsent } from "@/lib/server/hosted/record-consent";
import { submitPhotoId } from "@/lib/server/hosted/submit-photo-id";
import { createTeam } from "@/lib/server/teams/create-team";
import { createVerification } from "@/lib/server/verifications/create-verification";
import { billPng, randomBill } from "../support/documents/bills";
import { generateIdDocument } from "../support/documents/id-document";
import { phoneCapture } from "../support/documents/phone-capture";
import { createTestDatabase, type TestDatabase } from "../support/db";

// The photo ID step with the real document engine on generated documents: the person in the
// generator's truth is the claim (or, for the mismatch, another surname).
const system = { type: "system" as const, id: "test" };

describe("hosted photo ID step with the document engine", () => {
  let database: TestDatabase;
  let teamId: string;
  let front: Buffer;
  let claim: ClaimInput;
  let billImage: Buffer;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const team = await createTeam(database.db, { name: "Acme", actor: system });
    if (!team.ok) throw new Error(team.error.message);
    teamId = team.value.id;
    const bill = randomBill("hosted-documents");
    const person = bill.truth.person;
    const passport = await generateIdDocument({
      seed: "hosted-documents",
      kind: "passport",
      person: { ...person, issuingState: "GBR", nationality: "GBR" },
      faceIndex: 13,
    });
    front = (await phoneCapture(passport.image, { level: "phone", seed: "hosted-documents", pxPerMm: passport.truth.pxPerMm })).image;
    claim = {
      firstName: person.givenNames.split(" ")[0]!,
      lastName: person.surname,
      dateOfBirth: person.dateOfBirth,
      address: {
        building_name: bill.truth.address.line1,
        street: bill.truth.address.line1,
        city: bill.truth.address.town,
        postcode: bill.truth.address.postcode,
      },
    };
    billImage = billPng(bill, 150);
  }, 60_000);
  afterAll(async () => {
    await closeEnginePool();
    await database?.dispose();
  });

  async function atPhotoId(who: ClaimInput) {
    const created = await createVerification(database.db, {
      tenant: { teamId, mode: "live" },
      input: { email: "doc@example.com", workflow_id: "sandbox-flow" },
      actor: system,
      publicBaseUrl: "http://idv.test",
    });
    if (!created.ok) throw new Error(created.error.message);
    const token = created.value.url.split("/verify/")[1]!;
    await recordConsent(database.db, { token, agreed: true });
    const saved = await confirmClaim(database.db, { token, claim: who });
    if (!saved.ok) throw new Error(JSON.stringify(saved.error));
    return { id: created.value.id, token };
  }
  const attemptsOf = (id: string) =>
    database.db
      .select()
      .from(hostedAttempts)
      .where(and(eq(hostedAttempts.verificationId, id), eq(hostedAttempts.step, "photo_id")));

  it("reads a phone photo of the claimant's passport: the step is done, names and date of birth agree, the document face is kept", async () => {
    const c = await atPhotoId(claim);
    const started = performance.now();
    const reply = await submitPhotoId(database.db, { token: c.token, kind: "passport", front, back: null });
    console.log(`photo ID read in ${Math.round(performance.now() - started)} ms`);
    const [attempt] = await attemptsOf(c.id);
    const result = attempt!.result as { validations: Record<string, { status: string }>; extractedDetails: Record<string, string> };
    expect(reply, JSON.stringify(attempt?.result.retake ?? result.validations)).toEqual({
      status: 200,
      answer: { ok: true, next: `/verify/${c.token}` },
    });
    expect(result.validations.names_consistent?.status).toBe("pass");
    expect(result.validations.dates_of_birth_consistent?.status).toBe("pass");
    expect(result.extractedDetails.date_of_birth).toBe(claim.dateOfBirth);
    expect((attempt!.result.documentEmbedding as number[]).length).toBeGreaterThan(100);
    const roles = (await database.db.select({ role: evidenceFiles.role }).from(evidenceFiles).where(eq(evidenceFiles.ownerId, c.id)))
      .map((r) => r.role)
      .sort();
    expect(roles).toEqual(["document", "document_face"]);
    expect((await loadHostedFlow(database.db, c.token))!.screen).toEqual({ kind: "step", step: "video_selfie" });
  }, 60_000);

  it("accepts the passport of someone whose surname is not the claim's, and records the failed name check for the decision", async () => {
    const c = await atPhotoId({ ...claim, lastName: "Featherstonehaugh" });
    const reply = await submitPhotoId(database.db, { token: c.token, kind: "passport", front, back: null });
    expect(reply.status).toBe(200);
    const [attempt] = await attemptsOf(c.id);
    expect((attempt!.result.validations as Record<string, { status: string }>).names_consistent?.status).toBe("fail");
  }, 60_000);

  it("asks for a retake when the photo is not a photo ID (a bill), counting the attempt and keeping the step open", async () => {
    const c = await atPhotoId(claim);
    const reply = await submitPhotoId(database.db, { token: c.token, kind: "passport", front: billImage, back: null });
    expect(reply).toMatchObject({ status: 422, answer: { ok: false, attemptsLeft: 4 } });
    expect("retake" in reply.answer && reply.answer.retake.reason).toBeTruthy();
    expect((await loadHostedFlow(database.db, c.token))!.screen).toEqual({ kind: "step", step: "photo_id" });
  }, 60_000);
});
