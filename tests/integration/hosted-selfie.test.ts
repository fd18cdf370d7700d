import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evidenceFiles, hostedAttempts, verifications } from "@/lib/db/schema";
import { embedFace } from "@/lib/server/faces/embed-face";
import { confirmClaim } from "@/lib/server/hosted/confirm-claim";
import { loadHostedFlow } from "@/lib/server/hosted/load-hosted-flow";
import { recordAttempt } from "@/lib/server/hosted/record-attempt";
import { recordConsent } from "@/lib/server/hosted/record-consent";
import { startSelfieChallenge } from "@/lib/server/hosted/start-selfie-challenge";
import { submitSelfie } from "@/lib/server/hosted/submit-selfie";
import { updateHostedSettings } from "@/lib/server/hosted/update-hosted-settings";
import type { ChallengeStep } from "@/lib/server/liveness";
import { createTeam } from "@/lib/server/teams/create-team";
import { createVerification } from "@/lib/server/verifications/create-verification";
import { sampleFaces } from "../support/faces";
import { captureFrames, stillFrames } from "../support/liveness/challenge-frames";
import { createTestDatabase, type TestDatabase } from "../support/db";

// The selfie step with the real liveness engine on re-rendered heads (tests/support/liveness):
// face 13 is the document's face; face 6 is another person. (Face 15, used before, is 13's closest
// look-alike among the sample people, 0.49 on their photos: the review band, as the top 1 % of
// real different-person pairs are — documents/face-match.ts — so it cannot show a lock-out.) One
// engine: PGlite (the engine's cost, not the database, is what this file measures).
const SAME = 13;
const OTHER = 6;
const system = { type: "system" as const, id: "test" };

describe("hosted selfie step with the liveness engine", () => {
  let database: TestDatabase;
  let teamId: string;
  let documentEmbedding: number[];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const team = await createTeam(database.db, { name: "Acme", actor: system });
    if (!team.ok) throw new Error(team.error.message);
    teamId = team.value.id;
    await updateHostedSettings(database.db, { tenant: { teamId, mode: "live" }, maxAttempts: 2, actor: system });
    const face = (await sampleFaces(SAME + 1))[SAME]!;
    const embedded = await embedFace(face.image);
    if (!embedded.ok) throw new Error(embedded.error.message);
    documentEmbedding = embedded.value.embedding;
  }, 60_000);
  afterAll(() => database?.dispose());

  /** A case whose photo ID step is done with the given document face. */
  async function atSelfie() {
    const created = await createVerification(database.db, {
      tenant: { teamId, mode: "live" },
      input: { email: "selfie@example.com", workflow_id: "sandbox-flow" },
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
    const flow = (await loadHostedFlow(database.db, token))!;
    await recordAttempt(database.db, flow, { step: "photo_id", outcome: "accepted", evidenceIds: [], result: { documentEmbedding } });
    return { id: created.value.id, token };
  }
  const challengeOf = async (token: string) => startSelfieChallenge(database.db, (await loadHostedFlow(database.db, token))!);

  it("passes a re-rendered head that follows the server's challenge and matches the document face; keeps the selfie", async () => {
    const c = await atSelfie();
    const challenge = await challengeOf(c.token);
    const frames = await captureFrames(challenge.steps as ChallengeStep[], SAME);
    const started = performance.now();
    const reply = await submitSelfie(database.db, { token: c.token, challengeId: challenge.id, frames });
    const ms = performance.now() - started;
    const [attempt] = await database.db
      .select()
      .from(hostedAttempts)
      .where(eq(hostedAttempts.step, "video_selfie"))
      .orderBy(hostedAttempts.createdAt);
    const result = attempt!.result as { liveness: { score: number; reasons: string[] }; faceMatch: { score: number } };
    console.log(
      `selfie pass: ${frames.length} frames, ${Math.round(ms)} ms, liveness ${result.liveness.score.toFixed(3)}, face match ${result.faceMatch.score.toFixed(3)}`,
    );
    expect(reply, JSON.stringify(result.liveness)).toEqual({ status: 200, answer: { ok: true, next: `/verify/${c.token}` } });
    const [kept] = await database.db.select().from(evidenceFiles).where(eq(evidenceFiles.ownerId, c.id));
    expect(kept?.role).toBe("face_scan");
    // The challenge is used up: the same frames cannot be judged twice.
    expect((await loadHostedFlow(database.db, c.token))!.screen).toEqual({ kind: "step", step: "address_evidence" });
  }, 60_000);

  it("fails a still photo held to the camera, and locks the case out when another person's face comes on every attempt", async () => {
    const c = await atSelfie();
    const first = await challengeOf(c.token);
    const still = await submitSelfie(database.db, {
      token: c.token,
      challengeId: first.id,
      frames: await stillFrames(first.steps as ChallengeStep[], SAME),
    });
    expect(still).toMatchObject({ status: 422, answer: { ok: false, retake: { reason: "challenge_not_followed" }, attemptsLeft: 1 } });
    const reused = await submitSelfie(database.db, {
      token: c.token,
      challengeId: first.id,
      frames: await stillFrames(first.steps as ChallengeStep[], SAME),
    });
    expect(reused).toMatchObject({ status: 400, answer: { error: { code: "invalid" } } });

    const second = await challengeOf(c.token);
    expect(second.id).not.toBe(first.id);
    const other = await submitSelfie(database.db, {
      token: c.token,
      challengeId: second.id,
      frames: await captureFrames(second.steps as ChallengeStep[], OTHER),
    });
    const attempts = await database.db.select().from(hostedAttempts).where(eq(hostedAttempts.verificationId, c.id));
    const last = attempts.filter((a) => a.step === "video_selfie").at(-1)!.result as {
      liveness: { score: number; status: string };
      faceMatch: { score: number; status: string } | null;
    };
    console.log(
      `still photo → retake; other person: liveness ${last.liveness.status} ${last.liveness.score.toFixed(3)}, face match ${last.faceMatch?.status} ${last.faceMatch?.score.toFixed(3)}`,
    );
    expect(last.faceMatch?.status).toBe("fail");
    expect(other).toMatchObject({ status: 423, answer: { ok: false, error: { code: "locked_out" }, attemptsLeft: 0 } });
    const [row] = await database.db.select().from(verifications).where(eq(verifications.id, c.id));
    expect(row!.status).toBe("LockedOut");
  }, 90_000);
});
