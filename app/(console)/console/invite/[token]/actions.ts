"use server";

import type { SimpleFormState } from "@/components/console/simple-form";
import { signIn } from "@/auth";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { acceptInvite } from "@/lib/server/console/accept-invite";

/** Bound: the invitation token. On success the new member is signed in and lands on the console. */
export async function acceptInviteAction(token: string, _previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const password = String(formData.get("password") ?? "");
  const result = await acceptInvite(await getDb(), {
    token,
    secret: getConfig().auth.secret,
    password,
    name: String(formData.get("name") ?? ""),
  });
  if (!result.ok) return { ok: false, message: result.error.message, fieldErrors: result.error.detail };
  // Throws Next's redirect on success: not inside a try/catch.
  await signIn("credentials", { email: result.value.email, password, redirectTo: "/console" });
  return { ok: true, message: null };
}
