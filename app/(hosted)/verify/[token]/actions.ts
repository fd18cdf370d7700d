"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/lib/db";
import { chooseSandboxOutcome } from "@/lib/server/hosted/choose-sandbox-outcome";

export interface OutcomeState {
  message: string | null;
}

/** Sandbox only: the tester's chosen outcome, then back to the team's redirect_url. */
export async function chooseOutcome(token: string, _previous: OutcomeState, formData: FormData): Promise<OutcomeState> {
  const result = await chooseSandboxOutcome(await getDb(), { token, outcome: String(formData.get("outcome") ?? "") });
  if (!result.ok) return { message: result.error.message };
  // redirect() throws by design: keep it outside any try/catch.
  redirect(result.value.redirectUrl ?? `/verify/${token}`);
}
