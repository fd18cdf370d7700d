"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/lib/db";
import { getOnboardingConfig } from "@/lib/onboarding/config";
import { getServiceClient } from "@/lib/onboarding/service";
import type { SignupState } from "@/lib/onboarding/signup-state";
import { submitSignup, type SignupNext } from "@/lib/onboarding/submit-signup";
import { validateSignupForm } from "@/lib/onboarding/validate-signup";

function destination(next: SignupNext): string {
  switch (next.kind) {
    case "welcome":
      return `/signup/welcome/${encodeURIComponent(next.applicantId)}`;
    case "refused":
      return `/signup/refused/${encodeURIComponent(next.applicantId)}`;
    case "verify":
      return next.url; // the service's hosted verification page
  }
}

/** The sign-up: validate again, risk check, store the applicant, then welcome, verify or refuse. */
export async function submitSignupAction(_previous: SignupState, formData: FormData): Promise<SignupState> {
  const valid = await validateSignupForm(formData);
  if (!valid.ok) return { message: "Please check the highlighted answers.", fieldErrors: valid.fieldErrors };
  const result = await submitSignup({ db: await getDb(), client: getServiceClient(), config: getOnboardingConfig() }, valid.data);
  if (!result.ok) return { message: result.message, fieldErrors: result.fieldErrors };
  // redirect() throws by design: it stays outside any try/catch.
  redirect(destination(result.next));
}
