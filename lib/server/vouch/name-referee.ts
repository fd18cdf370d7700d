import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { vouches } from "@/lib/db/schema";
import { loadHostedFlow } from "../hosted/load-hosted-flow";
import type { Mailer } from "../mail/mailer";
import { newId } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import { createVerification } from "../verifications/create-verification";
import { REFEREE_WORKFLOW_ID } from "../verifications/workflows";
import { getHostedSettings } from "../hosted/get-hosted-settings";
import { MIN_KNOWN_YEARS, REFEREE_LIMIT_PERIOD_DAYS, REFEREE_RELATIONSHIPS } from "./referee-rules";
import { vouchEmail } from "./vouch-email";
import { ofTeam } from "../shared/tenant";

export interface RefereeInput {
  name: string;
  email: string;
  relationship: string;
  knownYears: number;
  profession?: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ACTOR = { type: "system" as const, id: "vouching" };

/**
 * The person's vouch step: they name a referee. The referee gets their own case (workflow
 * referee-check, on the person's deadline) and an email with its link; the person's case waits
 * ("Awaiting a vouch"). Field problems come back by field; a referee who is the person (same
 * email) or who already vouched for the team's limit of people this year is refused.
 */
export async function nameReferee(
  db: Db,
  options: { token: string; input: RefereeInput; mailer: Mailer; publicBaseUrl: string; now?: Date },
): Promise<Result<{ vouchId: string; refereeVerificationId: string }>> {
  const now = options.now ?? new Date();
  const flow = await loadHostedFlow(db, options.token, now);
  if (!flow) return fail("not_found", "Unknown link");
  if (flow.screen.kind !== "vouch") return fail("conflict", "This case is not waiting for a referee");
  const professional = flow.screen.step === "professional_vouch";
  const settings = await getHostedSettings(db, flow.tenant);
  const input = { ...options.input, name: options.input.name.trim(), email: options.input.email.trim().toLowerCase() };
  const detail: Record<string, string> = {};
  if (input.name.length < 2 || input.name.length > 100) detail.name = "Enter your referee's full name";
  if (!EMAIL.test(input.email) || input.email.length > 200) detail.email = "Enter your referee's email address";
  else if (input.email === flow.email.trim().toLowerCase())
    detail.email = "Your referee must be someone else: you cannot vouch for yourself";
  if (!professional && !(REFEREE_RELATIONSHIPS as readonly string[]).includes(input.relationship))
    detail.relationship = "Choose how you know your referee";
  if (!Number.isFinite(input.knownYears) || input.knownYears < MIN_KNOWN_YEARS || input.knownYears > 100)
    detail.knownYears = `Your referee must have known you for at least ${MIN_KNOWN_YEARS} years`;
  if (professional && !settings.refereeProfessions.includes(input.profession ?? "")) detail.profession = "Choose your referee's profession";
  if (Object.keys(detail).length) return fail("invalid", "Check the referee's details", { detail });

  const [open] = await db
    .select({ id: vouches.id })
    .from(vouches)
    .where(and(eq(vouches.verificationId, flow.verificationId), eq(vouches.status, "invited")))
    .limit(1);
  if (open) return fail("conflict", "A referee is already asked; wait for them, or for their answer");
  const since = new Date(now.getTime() - REFEREE_LIMIT_PERIOD_DAYS * 86_400_000);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vouches)
    .where(
      and(
        ofTeam(vouches, flow.tenant.teamId),
        eq(vouches.refereeEmail, input.email),
        gt(vouches.createdAt, since),
        ne(vouches.status, "refused"),
      ),
    );
  if (Number(counted?.n ?? 0) >= settings.refereeLimit)
    return fail("refused", `This referee has already vouched for ${settings.refereeLimit} people this year; name someone else`, {
      detail: { email: "This referee cannot vouch for more people this year" },
    });

  const [first, ...rest] = input.name.split(/\s+/);
  const created = await createVerification(db, {
    tenant: flow.tenant,
    input: {
      email: input.email,
      workflow_id: REFEREE_WORKFLOW_ID,
      first_name: first,
      last_name: rest.join(" ") || undefined,
      expires_at: flow.expiresAt.toISOString(),
    },
    actor: ACTOR,
    publicBaseUrl: options.publicBaseUrl,
    now,
  });
  if (!created.ok) return created;
  const vouchId = newId("vch");
  await db.insert(vouches).values({
    id: vouchId,
    teamId: flow.tenant.teamId,
    mode: flow.tenant.mode,
    verificationId: flow.verificationId,
    refereeVerificationId: created.value.id,
    kind: professional ? "professional_referee" : "personal_referee",
    refereeName: input.name,
    refereeEmail: input.email,
    relationship: professional ? "professional" : input.relationship,
    knownYears: String(Math.floor(input.knownYears)),
    profession: professional ? (input.profession ?? null) : null,
    createdAt: now,
    updatedAt: now,
  });
  const claim = flow.claim as { first_name?: string | null; last_name?: string | null };
  const personName = [claim.first_name, claim.last_name].filter(Boolean).join(" ") || flow.email;
  await options.mailer.send(
    vouchEmail({
      teamId: flow.tenant.teamId,
      teamName: flow.teamName,
      to: input.email,
      refereeName: input.name,
      personName,
      link: created.value.url,
      expiresAt: flow.expiresAt,
    }),
  );
  return ok({ vouchId, refereeVerificationId: created.value.id });
}

/** The person's vouches, newest first (their page shows the open one or the last one's end). */
export async function listVouches(db: Db, verificationId: string) {
  return db.select().from(vouches).where(eq(vouches.verificationId, verificationId)).orderBy(desc(vouches.createdAt));
}
