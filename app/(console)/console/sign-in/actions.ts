"use server";

import { AuthError } from "next-auth";
import { z } from "zod";
import { signIn } from "@/auth";
import { signInDelaySeconds } from "@/lib/auth/sign-in-delayed";
import type { SignInState } from "@/components/console/sign-in-form";

const schema = z.object({
  email: z.email("Enter your email address").max(320),
  password: z.string().min(1, "Enter your password").max(200),
});

export async function signInWithPassword(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const parsed = schema.safeParse({ email: formData.get("email"), password: formData.get("password") });
  const email = String(formData.get("email") ?? "");
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    return { message: "Check the fields below.", fieldErrors: { email: errors.email?.[0], password: errors.password?.[0] }, email };
  }
  try {
    // On success signIn throws Next's redirect, which must pass through untouched.
    await signIn("credentials", { ...parsed.data, redirectTo: "/console" });
  } catch (error) {
    const wait = signInDelaySeconds(error);
    if (wait !== null)
      return {
        message: `Too many failed sign-ins. Try again in ${wait < 120 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`}.`,
        email,
      };
    if (error instanceof AuthError) return { message: "That email and password do not match a staff account.", email };
    throw error;
  }
  return { message: null };
}

export async function signInWithSso(): Promise<void> {
  await signIn("oidc", { redirectTo: "/console" });
}
