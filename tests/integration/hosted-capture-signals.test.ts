import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postSelfie } from "@/app/(hosted)/verify/[token]/selfie/route";
import { setDatabase } from "@/lib/db";
import { hostedAttempts } from "@/lib/db/schema";
import { embedFace } from "@/lib/server/faces/embed-face";
import { confirmClaim } from "@/lib/server/hosted/confirm-claim";
import { listHostedAttempts } from "@/lib/server/hosted/list-hosted-attempts";
import { loadHostedFlow } from "@/lib/server/hosted/load-hosted-flow";
import { recordAttempt } from "@/lib/server/hosted/record-attempt";
import { recordConsent } from "@/lib/server/hosted/record-consent";
import { startSelfieChallenge } from "@/lib/server/hosted/start-selfie-challenge";
import type { ChallengeStep } from "@/lib/server/liveness";
import { createTeam } from "@/lib/server/teams/create-team";
import { createVerification } from "@/lib/server/verifications/create-verification";
import { sampleFaces } from "../support/faces";
import { stillFrames } from "../support/liveness/challenge-frames";
import { createTestDatabase, type TestDatabase } from "../support/db";

// Issue 26 item 5: the selfie upload's optional `capture_signals` field, posted through the hosted
// route itself, is kept on the attempt (result.captureSignals) and listed for the case page; a
// malformed or missing field never stops the selfie being judged. A still photo is sent (the
// cheapest judgement: it fails the challenge and asks for a retake), face 13 is the document's.
const FACE = 13;
const system = { type: "system" as const, id: "test" };

describe("capture signals on the hosted selfie upload", () => {
  let database: TestDatabase;
  let teamId: string;
  let documentEmbedding: number[];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    setDatabase(database);
    const team = await createTeam(database.db, { name: "Acme", actor: system });
    if (!team.ok) throw new Error(team.error.message);
    teamId = team.value.id;
    const embedded = await embedFace((await sampleFaces(FACE + 1))[FACE]!.image);
    if (!embedded.ok) throw new Error(embedded.error.message);
    documentEmbedding = embedded.value.embedding;
  }, 60_000);
  afterAll(() => database?.dispose());

  async function atSelfie() {
    const created = await createVerification(database.db, {
      tenant: { teamId, mode: "live" },
      input: { email: "signals@example.com", workflow_id: "sandbox-flow" },
      actor: system,
      publicBaseUrl: "http://idv.test",
    });
    if (!created.ok) throw new Error(created.error.message);
    const token = created.value.url.split("/verify/")[1]!;
    await recordConsent(database.db, { token, agreed: true });
    await confirmClaim(database.db, {
      token,
      claim: {
        firstName: "Ada",
        lastName: "Lovelace",
        dateOfBirth: "1990-12-10",
        address: { residence_number: "1", street: "High Street", postcode: "AB1 2CD" },
      },
    });
    await recordAttempt(database.db, (await loadHostedFlow(database.db, token))!, {
      step: "photo_id",
      outcome: "accepted",
      evidenceIds: [],
      result: { documentEmbedding },
    });
    return { id: created.value.id, token };
  }

  async function post(token: string, signals: string | null) {
    const challenge = await startSelfieChallenge(database.db, (await loadHostedFlow(database.db, token))!);
    const frames = await stillFrames(challenge.steps as ChallengeStep[], FACE);
    const form = new FormData();
    form.set("challengeId", challenge.id);
    form.set("meta", JSON.stringify(frames.map((f) => ({ t: f.t, step: f.step }))));
    for (const [i, f] of frames.entries()) form.append("frames", new File([new Uint8Array(f.image)], `f${i}.jpg`, { type: "image/jpeg" }));
    if (signals !== null) form.set("capture_signals", signals);
    const response = await postSelfie(
      new Request(`http://idv.test/verify/${token}/selfie`, { method: "POST", headers: { accept: "application/json" }, body: form }),
      { params: Promise.resolve({ token }) },
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const stored = async (id: string) =>
    (await database.db.select().from(hostedAttempts).where(eq(hostedAttempts.verificationId, id)).orderBy(hostedAttempts.createdAt))
      .filter((a) => a.step === "video_selfie")
      .map((a) => a.result.captureSignals);

  it("keeps well-formed signals and records a malformed field, judging the selfie both times", async () => {
    const c = await atSelfie();
    const signals = {
      camera_label: "OBS Virtual Camera",
      track: { width: 640, height: 480, frame_rate: 30 },
      frames: 47,
      frame_interval_ms: { mean: 150, sd: 0.2, min: 149.7, max: 150.4 },
      resolution_changes: 0,
      mobile: false,
    };
    const first = await post(c.token, JSON.stringify(signals));
    // The still photo is judged as usual: a retake, not an error about the signals.
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({ ok: false, retake: { reason: "challenge_not_followed" } });
    const second = await post(c.token, '{"camera_label": 5}');
    expect(second.body).toMatchObject({ ok: false, retake: { reason: "challenge_not_followed" } });

    expect(await stored(c.id)).toEqual([
      { status: "sent", signals },
      { status: "malformed", issue: expect.stringContaining("camera_label") },
    ]);
    const listed = (await listHostedAttempts(database.db, { teamId, mode: "live" }, c.id)).filter((a) => a.step === "video_selfie");
    expect(listed.map((a) => a.captureSignals?.status)).toEqual(["sent", "malformed"]);
  }, 120_000);

  it("stores not_sent when the field is absent", async () => {
    const c = await atSelfie();
    const reply = await post(c.token, null);
    expect(reply.body).toMatchObject({ ok: false, retake: { reason: "challenge_not_followed" } });
    expect(await stored(c.id)).toEqual([{ status: "not_sent" }]);
  }, 120_000);
});
