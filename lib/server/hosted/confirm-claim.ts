import { eq } from "drizzle-orm";
import type { Address } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { hostedSessions, verifications } from "@/lib/db/schema";
import { fail, ok, type Result } from "../shared/result";
import { loadHostedFlow } from "./load-hosted-flow";

export interface ClaimInput {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  address: Address;
}

export type ClaimField = "firstName" | "lastName" | "dateOfBirth" | "address";

const NAME = /^[\p{L}\p{M}' .-]{1,100}$/u;

/** Field → error code (the page words them from the message files). */
export function checkClaim(input: ClaimInput, now = new Date()): Partial<Record<ClaimField, string>> {
  const errors: Partial<Record<ClaimField, string>> = {};
  if (!NAME.test(input.firstName.trim())) errors.firstName = "firstName";
  if (!NAME.test(input.lastName.trim())) errors.lastName = "lastName";
  const dob = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.dateOfBirth);
  const date = dob ? new Date(`${input.dateOfBirth}T00:00:00Z`) : null;
  const real = date && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === input.dateOfBirth;
  if (!real || date! > now || date!.getUTCFullYear() < now.getUTCFullYear() - 130) errors.dateOfBirth = "dateOfBirth";
  const a = input.address;
  if (!(a.residence_number || a.building_name) || !a.street || !a.postcode) errors.address = "address";
  return errors;
}

/**
 * The person confirms who they are before any document is read: these become the case's
 * `claim_details`, which the documents are compared with.
 */
export async function confirmClaim(db: Db, input: { token: string; claim: ClaimInput; now?: Date }): Promise<Result<void>> {
  const now = input.now ?? new Date();
  const flow = await loadHostedFlow(db, input.token, now);
  if (!flow) return fail("not_found", "No such verification");
  if (flow.screen.kind === "result") return fail("conflict", "This verification is no longer in progress", { code: flow.screen.result });
  if (!flow.session.consentedAt) return fail("conflict", "Agree to the privacy notice first", { code: "consent" });
  const errors = checkClaim(input.claim, now);
  if (Object.keys(errors).length) return fail("invalid", "Check your details", { detail: errors as Record<string, string> });
  const { firstName, lastName, dateOfBirth, address } = input.claim;
  const firstLine = [address.building_name, [address.residence_number, address.street].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  await db.transaction(async (tx) => {
    await tx
      .update(verifications)
      .set({
        claimDetails: {
          ...flow.claim,
          first_name: firstName.trim(),
          last_name: lastName.trim(),
          date_of_birth: dateOfBirth,
          address,
          first_line_of_address: firstLine,
          postcode: address.postcode ?? null,
        },
        updatedAt: now,
      })
      .where(eq(verifications.id, flow.verificationId));
    await tx
      .update(hostedSessions)
      .set({ claimConfirmedAt: now, updatedAt: now })
      .where(eq(hostedSessions.verificationId, flow.verificationId));
  });
  return ok(undefined);
}
