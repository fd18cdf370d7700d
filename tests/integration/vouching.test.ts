import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { outboundEmails, verifications, vouches, webhookEndpoints, webhookMessages } from "@/lib/db/schema";
import { searchCases } from "@/lib/server/console/search-cases";
import { confirmClaim } from "@/lib/server/hosted/confirm-claim";
import { hostedChecksIdle } from "@/lib/server/hosted/hosted-check-runner";
import { loadHostedFlow } from "@/lib/server/hosted/load-hosted-flow";
import { recordAttempt } from "@/lib/server/hosted/record-attempt";
import { recordConsent } from "@/lib/server/hosted/record-consent";
import { updateHostedSettings } from "@/lib/server/hosted/update-hosted-settings";
import { createLocalMailbox } from "@/lib/server/mail/local-mailbox";
import { createTeam } from "@/lib/server/teams/create-team";
import { createVerification } from "@/lib/server/verifications/create-verification";
import { createWorkflow } from "@/lib/server/verifications/create-workflow";
import { displayState } from "@/lib/server/verifications/display-state";
import { confirmVouch } from "@/lib/server/vouch/confirm-vouch";
import { nameReferee } from "@/lib/server/vouch/name-referee";
import { getPersonPhoto } from "@/lib/server/vouch/get-person-photo";
import { storeEvidence } from "@/lib/server/evidence/store-evidence";
import { updateVouchSettings } from "@/lib/server/vouch/update-vouch-settings";
import { registerVouchSettlement } from "@/lib/server/vouch/register-vouch-settlement";
import { addStaffMember } from "@/lib/server/teams/add-staff-member";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

// Vouching (issue 13), server side: a person names a referee, the referee gets an email with their
// own case, verifies themselves (photo ID and selfie, here as the engines' judgements) and
// confirms; the person's case is then decided. The forbidden orders are pinned: no confirmation
// before the referee's own checks, no vouch from a locked-out referee, no vouching for oneself.

const system = { type: "system" as const, id: "test" };
const ada = {
  firstName: "Ada",
  lastName: "Lovelace",
  dateOfBirth: "1990-12-10",
  address: { residence_number: "10", street: "Downing Street", city: "London", postcode: "SW1A 2AA", country_code: "GB" },
};
const grace = {
  firstName: "Grace",
  lastName: "Hopper",
  dateOfBirth: "1980-12-09",
  address: { residence_number: "1", street: "Navy Road", city: "Leeds", postcode: "LS6 6BB", country_code: "GB" },
};
const yes = { name: "yes", date_of_birth: "yes", address: "yes" };

// As server.ts and pages-server.ts do at start: the hosted runner learns what a referee's settled case does.
registerVouchSettlement();

describeEngines("vouching on %s", (engine) => {
  let database: TestDatabase;
  let teamId: string;
  const live = () => ({ teamId, mode: "live" as const });
  const db = () => database.db;
  const mailer = () => createLocalMailbox(database.db);

  async function newCase(workflow: string, claim: typeof ada, email = `p-${randomBytes(4).toString("hex")}@example.com`) {
    const created = await createVerification(db(), {
      tenant: live(),
      input: { email, workflow_id: workflow, redirect_url: "https://acme.example.com/back" },
      actor: system,
      publicBaseUrl: "http://idv.test",
    });
    if (!created.ok) throw new Error(created.error.message);
    const token = created.value.url.split("/verify/")[1]!;
    expect((await recordConsent(db(), { token, agreed: true })).ok).toBe(true);
    expect((await confirmClaim(db(), { token, claim })).ok).toBe(true);
    return { id: created.value.id, token, email };
  }
  const row = async (id: string) => (await db().select().from(verifications).where(eq(verifications.id, id)))[0]!;
  const events = async (id: string) =>
    (await db().select().from(webhookMessages).where(eq(webhookMessages.verificationId, id)).orderBy(asc(webhookMessages.seq))).map(
      (m) => m.event,
    );
  const refereeOf = async (vouchId: string) => {
    const [v] = await db().select().from(vouches).where(eq(vouches.id, vouchId));
    const referee = await row(v!.refereeVerificationId);
    return { vouch: v!, referee, token: referee.hostedToken };
  };
  const photo = (who: typeof ada) => ({
    outcome: "pass",
    evidenceType: "passport",
    extractedDetails: {},
    validations: { names_consistent: { status: "pass" } },
    identity: { firstName: who.firstName.toUpperCase(), lastName: who.lastName.toUpperCase(), dateOfBirth: who.dateOfBirth },
    documentEmbedding: null,
    evidence: {},
  });
  const selfie = {
    challenge: ["blink"],
    liveness: { status: "pass", score: 0.9, reasons: [] },
    faceMatch: { status: "pass", score: 0.85 },
    embedding: null,
    evidence: {},
  };
  async function refereeVerifies(token: string, who: typeof ada) {
    const claimed = await loadHostedFlow(db(), token);
    expect(claimed!.screen).toEqual({ kind: "consent" });
    expect((await recordConsent(db(), { token, agreed: true })).ok).toBe(true);
    expect((await confirmClaim(db(), { token, claim: who })).ok).toBe(true);
    await recordAttempt(db(), (await loadHostedFlow(db(), token))!, {
      step: "photo_id",
      outcome: "accepted",
      evidenceIds: [],
      result: photo(who) as never,
    });
    await recordAttempt(db(), (await loadHostedFlow(db(), token))!, {
      step: "video_selfie",
      outcome: "accepted",
      evidenceIds: [],
      result: selfie as never,
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const team = await createTeam(database.db, { name: "Vouchers", actor: system });
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

  it("a referee who verifies themselves and confirms makes the case Verified by vouch, with the vouch check and the Verified webhook", async () => {
    const person = await newCase("sandbox-flow-referee", ada);
    expect((await loadHostedFlow(db(), person.token))!.screen).toEqual({ kind: "vouch", step: "vouch" });
    const self = await nameReferee(db(), {
      token: person.token,
      input: { name: "Ada Lovelace", email: person.email.toUpperCase(), relationship: "friend", knownYears: 5 },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    expect(self.ok).toBe(false);
    expect(!self.ok && self.error.detail?.email).toMatch(/cannot vouch for yourself/);
    const short = await nameReferee(db(), {
      token: person.token,
      input: { name: "Grace Hopper", email: "grace@example.com", relationship: "friend", knownYears: 1 },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    expect(!short.ok && short.error.detail?.knownYears).toMatch(/at least 2 years/);

    const named = await nameReferee(db(), {
      token: person.token,
      input: { name: "Grace Hopper", email: "Grace@Example.com", relationship: "friend", knownYears: 6 },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    if (!named.ok) throw new Error(named.error.message);
    const { token: refereeToken, referee } = await refereeOf(named.value.vouchId);
    // The referee's email, with their own link, is in the team's mailbox.
    const [mail] = await db().select().from(outboundEmails).where(eq(outboundEmails.to, "grace@example.com"));
    expect(mail!.subject).toBe("Ada Lovelace asked you to vouch for them");
    expect(mail!.text).toContain(`http://idv.test/verify/${refereeToken}`);
    expect(referee.workflowId).toBe("referee-check");
    // The person's case waits: In progress on the wire, "Awaiting a vouch" for staff.
    expect((await row(person.id)).status).toBe("InProgress");
    expect(displayState({ status: "InProgress", steps: ["vouch"], completedSteps: [] })).toBe("Awaiting a vouch");
    const awaiting = await searchCases(db(), live(), { display: "awaiting_vouch" });
    expect(awaiting.ok && awaiting.value.cases.find((c) => c.id === person.id)?.displayState).toBe("Awaiting a vouch");

    // Forbidden: a vouch before the referee's own checks.
    const early = await confirmVouch(db(), { token: refereeToken, answers: yes, declaration: true });
    expect(early.ok).toBe(false);
    expect(!early.ok && early.error.kind).toBe("conflict");

    await refereeVerifies(refereeToken, grace);
    expect((await loadHostedFlow(db(), refereeToken))!.screen).toEqual({ kind: "referee_confirm" });
    const incomplete = await confirmVouch(db(), { token: refereeToken, answers: { name: "yes" }, declaration: false });
    expect(!incomplete.ok && Object.keys(incomplete.error.detail ?? {}).sort()).toEqual(["address", "date_of_birth", "declaration"]);
    const confirmed = await confirmVouch(db(), { token: refereeToken, answers: yes, declaration: true });
    expect(confirmed.ok && confirmed.value.completed).toBe(true);
    await hostedChecksIdle();
    await hostedChecksIdle();

    expect((await row(referee.id)).status).toBe("Verified");
    const decided = await row(person.id);
    expect(decided.status).toBe("Verified");
    expect(decided.checks).toEqual([
      expect.objectContaining({
        step: "step_identity",
        outcome: "pass",
        method: "vouch",
        evidence_type: "personal_referee",
        extracted_details: { referee_verification_id: referee.id, relationship: "friend", organisation: null },
        validations: { relationship_minimum_duration_met: { status: "pass" } },
      }),
    ]);
    expect(await events(person.id)).toEqual(["Created", "UserCompleted", "Verified"]);
    expect(displayState({ status: decided.status, steps: ["vouch"], completedSteps: ["vouch"] })).toBe("Verified by vouch");
    expect((await refereeOf(named.value.vouchId)).vouch.status).toBe("vouched");
    const byVouch = await searchCases(db(), live(), { display: "verified_by_vouch" });
    expect(byVouch.ok && byVouch.value.cases.map((c) => c.id)).toContain(person.id);
  });

  it("a referee locked out on their own selfie cannot vouch: the case keeps waiting and another referee can be named", async () => {
    expect((await updateHostedSettings(db(), { tenant: live(), maxAttempts: 2, actor: system })).ok).toBe(true);
    const person = await newCase("sandbox-flow-referee", ada);
    const named = await nameReferee(db(), {
      token: person.token,
      input: { name: "Alan Turing", email: "alan@example.com", relationship: "colleague", knownYears: 10 },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    if (!named.ok) throw new Error(named.error.message);
    const { token } = await refereeOf(named.value.vouchId);
    expect((await recordConsent(db(), { token, agreed: true })).ok).toBe(true);
    expect((await confirmClaim(db(), { token, claim: grace })).ok).toBe(true);
    await recordAttempt(db(), (await loadHostedFlow(db(), token))!, {
      step: "photo_id",
      outcome: "accepted",
      evidenceIds: [],
      result: photo(grace) as never,
    });
    for (let i = 0; i < 10; i++) {
      const flow = (await loadHostedFlow(db(), token))!;
      if (flow.status !== "InProgress") break;
      await recordAttempt(db(), flow, { step: "video_selfie", outcome: "failed", reason: "face_mismatch", evidenceIds: [], result: {} });
    }
    const { referee, vouch } = await refereeOf(named.value.vouchId);
    expect(referee.status).toBe("LockedOut");
    expect(vouch.status).toBe("locked_out");
    expect((await confirmVouch(db(), { token, answers: yes, declaration: true })).ok).toBe(false);
    expect((await row(person.id)).status).toBe("InProgress");
    expect((await loadHostedFlow(db(), person.token))!.screen).toEqual({ kind: "vouch", step: "vouch" });
    const again = await nameReferee(db(), {
      token: person.token,
      input: { name: "Grace Hopper", email: "grace2@example.com", relationship: "friend", knownYears: 4 },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    expect(again.ok).toBe(true);
  });

  it("refuses a referee whose own document is the person's (same name and date of birth)", async () => {
    const person = await newCase("sandbox-flow-referee", ada);
    const named = await nameReferee(db(), {
      token: person.token,
      input: { name: "A Friend", email: "second-address-of-ada@example.com", relationship: "friend", knownYears: 3 },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    if (!named.ok) throw new Error(named.error.message);
    const { token } = await refereeOf(named.value.vouchId);
    await refereeVerifies(token, ada);
    expect((await confirmVouch(db(), { token, answers: yes, declaration: true })).ok).toBe(true);
    await hostedChecksIdle();
    await hostedChecksIdle();
    const { vouch } = await refereeOf(named.value.vouchId);
    expect(vouch.status).toBe("refused");
    expect(vouch.reason).toMatch(/cannot vouch for themselves/);
    expect((await row(person.id)).status).toBe("InProgress");
  });

  it("a professional referee has one of the team's professions; the team sets them and the yearly limit (owners and admins only)", async () => {
    const owner = await addStaffMember(db(), {
      teamId,
      email: `owner-${randomBytes(3).toString("hex")}@example.com`,
      password: "correct horse battery",
      role: "owner",
      actor: system,
    });
    const viewer = await addStaffMember(db(), {
      teamId,
      email: `viewer-${randomBytes(3).toString("hex")}@example.com`,
      password: "correct horse battery",
      role: "viewer",
      actor: system,
    });
    if (!owner.ok || !viewer.ok) throw new Error("staff");
    const person = await newCase("sandbox-flow-professional-referee", ada);
    await recordAttempt(db(), (await loadHostedFlow(db(), person.token))!, {
      step: "address_evidence",
      outcome: "accepted",
      evidenceIds: [],
      result: { documents: [] },
    });
    expect((await loadHostedFlow(db(), person.token))!.screen).toEqual({ kind: "vouch", step: "professional_vouch" });
    const referee = { name: "Doctor Who", email: `doc-${randomBytes(3).toString("hex")}@example.com`, relationship: "", knownYears: 3 };
    // The built-in list by default; a profession not on it is refused.
    const unknown = await nameReferee(db(), {
      token: person.token,
      input: { ...referee, profession: "Harbour pilot" },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    expect(!unknown.ok && unknown.error.detail?.profession).toBe("Choose your referee's profession");
    expect(
      (
        await updateVouchSettings(db(), {
          tenant: live(),
          professions: ["Harbour pilot"],
          refereeLimit: 1,
          staff: { userId: viewer.value.userId },
        })
      ).ok,
    ).toBe(false);
    const bad = await updateVouchSettings(db(), {
      tenant: live(),
      professions: [" "],
      refereeLimit: 0,
      staff: { userId: owner.value.userId },
    });
    expect(!bad.ok && Object.keys(bad.error.detail ?? {}).sort()).toEqual(["professions", "refereeLimit"]);
    expect(
      (
        await updateVouchSettings(db(), {
          tenant: live(),
          professions: ["Harbour pilot", "doctor"],
          refereeLimit: 1,
          staff: { userId: owner.value.userId },
        })
      ).ok,
    ).toBe(true);
    const named = await nameReferee(db(), {
      token: person.token,
      input: { ...referee, profession: "Harbour pilot" },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    expect(named.ok).toBe(true);
    const [row] = await db()
      .select()
      .from(vouches)
      .where(eq(vouches.id, named.ok ? named.value.vouchId : ""));
    expect(row).toMatchObject({ kind: "professional_referee", profession: "Harbour pilot" });
    // The team's limit: one person a year for this referee.
    const other = await newCase("sandbox-flow-referee", ada);
    const second = await nameReferee(db(), {
      token: other.token,
      input: { ...referee, relationship: "friend" },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    expect(!second.ok && second.error.kind).toBe("refused");
    expect(
      (await updateVouchSettings(db(), { tenant: live(), professions: ["doctor"], refereeLimit: 3, staff: { userId: owner.value.userId } }))
        .ok,
    ).toBe(true);
  });

  it("refuses a referee whose selfie shows the person's own face", async () => {
    const created = await createWorkflow(db(), live(), {
      id: `selfie-vouch-${randomBytes(3).toString("hex")}`,
      name: "Selfie, then a vouch",
      steps: ["video_selfie", "vouch"],
      actor: system,
    });
    if (!created.ok) throw new Error(created.error.message);
    const face = Array.from({ length: 16 }, (_, i) => Math.sin(i + 1));
    const person = await newCase(created.value.id, ada);
    await recordAttempt(db(), (await loadHostedFlow(db(), person.token))!, {
      step: "video_selfie",
      outcome: "accepted",
      evidenceIds: [],
      result: { ...selfie, embedding: face } as never,
    });
    const named = await nameReferee(db(), {
      token: person.token,
      input: { name: "Someone Else", email: `else-${randomBytes(3).toString("hex")}@example.com`, relationship: "friend", knownYears: 9 },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    if (!named.ok) throw new Error(named.error.message);
    const { token } = await refereeOf(named.value.vouchId);
    expect((await recordConsent(db(), { token, agreed: true })).ok).toBe(true);
    expect((await confirmClaim(db(), { token, claim: grace })).ok).toBe(true);
    await recordAttempt(db(), (await loadHostedFlow(db(), token))!, {
      step: "photo_id",
      outcome: "accepted",
      evidenceIds: [],
      result: photo(grace) as never,
    });
    await recordAttempt(db(), (await loadHostedFlow(db(), token))!, {
      step: "video_selfie",
      outcome: "accepted",
      evidenceIds: [],
      result: { ...selfie, embedding: face.map((x) => x * 1.01) } as never,
    });
    expect((await confirmVouch(db(), { token, answers: yes, declaration: true })).ok).toBe(true);
    await hostedChecksIdle();
    await hostedChecksIdle();
    const { vouch } = await refereeOf(named.value.vouchId);
    expect(vouch.status).toBe("refused");
    expect(vouch.reason).toMatch(/selfie is the person's face/);
    expect((await row(person.id)).status).toBe("InProgress");
  });

  it("shows the referee the person's selfie, on their own link only, and needs their answer about it", async () => {
    const created = await createWorkflow(db(), live(), {
      id: `photo-vouch-${randomBytes(3).toString("hex")}`,
      name: "Selfie, then a vouch",
      steps: ["video_selfie", "vouch"],
      actor: system,
    });
    if (!created.ok) throw new Error(created.error.message);
    const person = await newCase(created.value.id, ada);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
    const faceScan = await storeEvidence(db(), {
      tenant: live(),
      ownerType: "verification",
      ownerId: person.id,
      role: "face_scan",
      mimeType: "image/jpeg",
      bytes: jpeg,
    });
    await recordAttempt(db(), (await loadHostedFlow(db(), person.token))!, {
      step: "video_selfie",
      outcome: "accepted",
      evidenceIds: [faceScan],
      result: { ...selfie, evidence: { face_scan: faceScan } } as never,
    });
    const named = await nameReferee(db(), {
      token: person.token,
      input: { name: "Photo Friend", email: `photo-${randomBytes(3).toString("hex")}@example.com`, relationship: "friend", knownYears: 9 },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    if (!named.ok) throw new Error(named.error.message);
    const { token } = await refereeOf(named.value.vouchId);
    // Not before the referee has verified themselves, and never on the person's own link.
    expect(await getPersonPhoto(db(), token)).toBeNull();
    await refereeVerifies(token, grace);
    expect(await getPersonPhoto(db(), person.token)).toBeNull();
    const photo = await getPersonPhoto(db(), token);
    expect(photo && [photo.mimeType, Buffer.compare(photo.bytes, jpeg)]).toEqual(["image/jpeg", 0]);
    const missing = await confirmVouch(db(), { token, answers: yes, declaration: true });
    expect(!missing.ok && Object.keys(missing.error.detail ?? {})).toEqual(["photo"]);
    expect((await confirmVouch(db(), { token, answers: { ...yes, photo: "yes" }, declaration: true })).ok).toBe(true);
    await hostedChecksIdle();
    await hostedChecksIdle();
    expect((await refereeOf(named.value.vouchId)).vouch.status).toBe("vouched");
    expect(await getPersonPhoto(db(), token)).toBeNull(); // settled: no longer shown
  });

  it("one referee vouches for at most 3 people a year", async () => {
    const email = `busy-${randomBytes(3).toString("hex")}@example.com`;
    for (let i = 0; i < 3; i++) {
      const person = await newCase("sandbox-flow-referee", ada);
      expect(
        (
          await nameReferee(db(), {
            token: person.token,
            input: { name: "Busy Referee", email, relationship: "neighbour", knownYears: 3 },
            mailer: mailer(),
            publicBaseUrl: "http://idv.test",
          })
        ).ok,
      ).toBe(true);
    }
    const fourth = await newCase("sandbox-flow-referee", ada);
    const refused = await nameReferee(db(), {
      token: fourth.token,
      input: { name: "Busy Referee", email, relationship: "neighbour", knownYears: 3 },
      mailer: mailer(),
      publicBaseUrl: "http://idv.test",
    });
    expect(!refused.ok && refused.error.kind).toBe("refused");
  });
});
