"use server";

import { and, eq, gt, isNull } from "drizzle-orm";
import { redirect } from "next/navigation";
import QRCode from "qrcode";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { hostedHandoffs } from "@/lib/db/schema";
import { chooseSandboxOutcome } from "@/lib/server/hosted/choose-sandbox-outcome";
import { confirmClaim } from "@/lib/server/hosted/confirm-claim";
import { createHandoff } from "@/lib/server/hosted/create-handoff";
import { loadHostedFlow } from "@/lib/server/hosted/load-hosted-flow";
import { recordConsent } from "@/lib/server/hosted/record-consent";
import { createMailer } from "@/lib/server/mail/create-mailer";
import { confirmVouch } from "@/lib/server/vouch/confirm-vouch";
import { nameReferee } from "@/lib/server/vouch/name-referee";
import type { VouchFormState } from "./_components/vouch-step";
import { readClaimForm, type ClaimFormState } from "./_lib/read-claim-form";

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

/** The privacy notice was read and agreed to (ConsentPanel posts consent=yes). */
export async function consentAction(token: string, formData: FormData): Promise<void> {
  await recordConsent(await getDb(), { token, agreed: formData.get("consent") === "yes" });
  redirect(`/verify/${token}`);
}

/** The person's name, date of birth and address: field errors as codes the form words, or on to the first step. */
export async function claimAction(token: string, _previous: ClaimFormState, formData: FormData): Promise<ClaimFormState> {
  const attempt = (_previous.attempt ?? 0) + 1;
  const read = readClaimForm(formData);
  if (!read.ok) return { ...read.state, attempt };
  const saved = await confirmClaim(await getDb(), { token, claim: read.claim });
  if (!saved.ok) {
    if (saved.error.kind === "invalid")
      return { fieldErrors: (saved.error.detail ?? {}) as ClaimFormState["fieldErrors"], failed: true, attempt };
    redirect(`/verify/${token}`);
  }
  redirect(`/verify/${token}`);
}

export interface HandoffView {
  qrSvg: string;
  link: string;
  statusUrl: string;
  /** When the link stops working (ISO): the page reuses it until then instead of asking for another. */
  expiresAt: string;
}

/**
 * A new single-use phone link for this case, with its QR code drawn here as SVG. One live link per
 * case: the case's earlier links that no phone has opened stop working now.
 */
export async function startHandoffAction(token: string): Promise<HandoffView | null> {
  const db = await getDb();
  const flow = await loadHostedFlow(db, token);
  if (!flow || flow.screen.kind === "result") return null;
  const now = new Date();
  await db
    .update(hostedHandoffs)
    .set({ expiresAt: now })
    .where(and(eq(hostedHandoffs.verificationId, flow.verificationId), isNull(hostedHandoffs.usedAt), gt(hostedHandoffs.expiresAt, now)));
  // The configured public address, as for the case's own URL: never a Host header a client chose.
  const { link, expiresAt } = await createHandoff(db, flow, { baseUrl: getConfig().publicBaseUrl, now });
  const qrSvg = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { qrSvg, link, statusUrl: `/verify/${token}/progress`, expiresAt: expiresAt.toISOString() };
}

/** The person names a referee (vouch step): field errors back to the form, or the page, now waiting. */
export async function nameRefereeAction(token: string, _previous: VouchFormState, formData: FormData): Promise<VouchFormState> {
  const db = await getDb();
  const config = getConfig();
  const text = (name: string) => String(formData.get(name) ?? "");
  const result = await nameReferee(db, {
    token,
    input: {
      name: text("name"),
      email: text("email"),
      relationship: text("relationship"),
      knownYears: Number(text("knownYears") || Number.NaN),
      profession: text("profession") || null,
    },
    mailer: createMailer(db, config.mail),
    publicBaseUrl: config.publicBaseUrl,
  });
  if (!result.ok) {
    const values = Object.fromEntries(["name", "email", "relationship", "knownYears", "profession"].map((k) => [k, text(k)]));
    return { fieldErrors: result.error.detail ?? {}, message: result.error.detail ? null : result.error.message, values };
  }
  redirect(`/verify/${token}`);
}

/** The referee's answers and declaration: errors back to the form, or on to the end page. */
export async function confirmVouchAction(token: string, _previous: VouchFormState, formData: FormData): Promise<VouchFormState> {
  const answers = Object.fromEntries(["name", "date_of_birth", "address", "photo"].map((k) => [k, String(formData.get(k) ?? "")]));
  const result = await confirmVouch(await getDb(), { token, answers, declaration: formData.get("declaration") === "yes" });
  if (!result.ok) return { fieldErrors: result.error.detail ?? {}, message: result.error.detail ? null : result.error.message };
  redirect(`/verify/${token}`);
}
