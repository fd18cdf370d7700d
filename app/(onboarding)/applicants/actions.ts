"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { endAdminSession, safeNext, SIGN_IN_PATH, startAdminSession } from "@/lib/onboarding/admin-auth";
import { safeEqual } from "@/lib/onboarding/admin-session";
import { getOnboardingConfig } from "@/lib/onboarding/config";
import { clientKey, createRateLimiter } from "@/lib/onboarding/rate-limit";

export interface SignInState {
  message: string | null;
  fieldErrors: { password?: string[] };
}

const signInSchema = z.object({ password: z.string().min(1, "Enter the staff password").max(500) });
// Ten tries per quarter of an hour per address: enough for typos, too few for guessing.
const attempts = createRateLimiter({ limit: 10, windowMs: 15 * 60_000 });

export async function signInAction(next: string, _previous: SignInState, formData: FormData): Promise<SignInState> {
  const parsed = signInSchema.safeParse({ password: formData.get("password") ?? "" });
  if (!parsed.success) return { message: null, fieldErrors: { password: parsed.error.issues.map((i) => i.message) } };
  const wait = attempts.take(clientKey(await headers()));
  if (wait) return { message: null, fieldErrors: { password: [`Too many attempts. Try again in ${Math.ceil(wait / 60)} minutes.`] } };
  if (!safeEqual(parsed.data.password, getOnboardingConfig().adminPassword)) {
    return { message: null, fieldErrors: { password: ["That password isn't right"] } };
  }
  await startAdminSession();
  redirect(safeNext(next));
}

export async function signOutAction(): Promise<void> {
  await endAdminSession();
  redirect(SIGN_IN_PATH);
}
