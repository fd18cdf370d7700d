import "server-only";
import { ServiceApiError, type ServiceClient } from "@/lib/client";
import type { RiskRecommendation } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { attachVerification, createApplicant } from "./applicants";
import type { OnboardingConfig } from "./config";
import type { SignupFieldErrors, SignupInput } from "./signup-schema";

export interface SignupDeps {
  db: Db;
  client: ServiceClient;
  config: OnboardingConfig;
  log?: (message: string, error?: unknown) => void;
}

export type SignupNext =
  | { kind: "welcome"; applicantId: string }
  | { kind: "refused"; applicantId: string }
  | { kind: "verify"; applicantId: string; url: string };

export type SignupResult = { ok: true; next: SignupNext } | { ok: false; message: string; fieldErrors: SignupFieldErrors };

const TRY_AGAIN = "We couldn't finish your sign-up just now. Nothing was saved. Please try again in a minute.";

/** What to do with a recommendation: CLEAR always opens the account; the others follow the policy. */
export function decide(recommendation: RiskRecommendation, policy: OnboardingConfig["policy"]): "approve" | "verify" | "refuse" {
  if (recommendation === "CLEAR") return "approve";
  return recommendation === "REVIEW" ? policy.review : policy.reject;
}

export function returnUrl(config: OnboardingConfig, applicantId: string): string {
  return `${config.publicUrl}/signup/return/${encodeURIComponent(applicantId)}`;
}

/**
 * The sign-up after validation: risk check through the service, the applicant stored, then by
 * recommendation the account (CLEAR), an identity verification to send the user to, or a polite
 * refusal. Never throws for expected failures: they come back as messages and field errors.
 */
export async function submitSignup(deps: SignupDeps, input: SignupInput): Promise<SignupResult> {
  const { db, client, config } = deps;
  const log = deps.log ?? ((message, error) => console.error(`[onboarding] ${message}`, error));

  let risk;
  try {
    risk = await client.assessRisk({
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      date_of_birth: input.dateOfBirth,
      enrichments: config.enrichments,
      address: input.address,
      face_scan: input.selfie,
    });
  } catch (error) {
    const rejected = serviceFieldErrors(error);
    if (rejected) return { ok: false, message: "Please check the highlighted answers.", fieldErrors: rejected };
    log("risk check failed", error);
    return { ok: false, message: TRY_AGAIN, fieldErrors: {} };
  }

  const decision = decide(risk.recommendation, config.policy);
  const applicant = await createApplicant(db, {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    dateOfBirth: input.dateOfBirth,
    address: input.address,
    state: decision === "approve" ? "approved" : decision === "refuse" ? "refused" : "pending",
    risk,
  });
  if (decision === "approve") return { ok: true, next: { kind: "welcome", applicantId: applicant.id } };
  if (decision === "refuse") return { ok: true, next: { kind: "refused", applicantId: applicant.id } };

  try {
    const created = await client.createVerification({
      email: input.email,
      workflow_id: config.workflowId,
      redirect_url: returnUrl(config, applicant.id),
      external_id: applicant.id,
      first_name: input.firstName,
      last_name: input.lastName,
      date_of_birth: input.dateOfBirth,
      address: input.address,
    });
    await attachVerification(db, applicant.id, created.id);
    return { ok: true, next: { kind: "verify", applicantId: applicant.id, url: created.url } };
  } catch (error) {
    // The applicant stays "pending" and visible to staff; the person can simply try again.
    log(`creating the verification for ${applicant.id} failed`, error);
    return { ok: false, message: "We couldn't start your identity check just now. Please try again in a minute.", fieldErrors: {} };
  }
}

/** The service's validation errors (400/413/415) in terms of our form's fields, or null. */
function serviceFieldErrors(error: unknown): SignupFieldErrors | null {
  if (!(error instanceof ServiceApiError)) return null;
  if (error.status === 413) return { selfie: ["The selfie must be smaller than 10 MB"] };
  if (error.status === 415) return { selfie: ["The selfie must be a JPEG or PNG photo"] };
  if (error.status !== 400) return null;
  const out: SignupFieldErrors = {};
  const fields: Record<string, keyof SignupFieldErrors> = {
    first_name: "firstName",
    last_name: "lastName",
    email: "email",
    date_of_birth: "dateOfBirth",
    address: "address",
    face_scan: "selfie",
  };
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const field = fields[path.split(".")[0]!];
    if (field) (out[field] ??= []).push(message);
  }
  return Object.keys(out).length ? out : null;
}
