"use server";

import { revalidatePath } from "next/cache";
import type { SimpleFormState } from "@/components/console/simple-form";
import { getConfig } from "@/lib/config";
import { failureMessage } from "@/lib/auth/failure-message";
import { getStaffContext } from "@/lib/auth/staff-context";
import { rotateSigningSecret } from "@/lib/server/console/rotate-signing-secret";
import { saveWebhookEndpoint } from "@/lib/server/console/save-webhook-endpoint";
import { setDefaultRedirectUrl } from "@/lib/server/console/set-default-redirect-url";
import { updateRiskSettings } from "@/lib/server/settings/update-risk-settings";
import { updateVouchSettings } from "@/lib/server/vouch/update-vouch-settings";
import { updateEmbedSettings } from "@/lib/server/security/update-embed-settings";

const SIGNED_OUT: SimpleFormState = { ok: false, message: "Your session has ended: sign in again." };

export async function saveWebhookAction(_previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return SIGNED_OUT;
  const url = String(formData.get("url") ?? "").trim();
  if (!url) return { ok: false, message: "Check the URL.", fieldErrors: { url: "Enter the URL that receives webhooks" } };
  const result = await saveWebhookEndpoint(context.db, context.tenant, {
    staff: context.staff,
    url,
    enabled: formData.get("enabled") === "on",
    allowLoopback: getConfig().webhookAllowLoopback,
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/settings");
  const secret = result.value.secret;
  return {
    ok: true,
    message: "Webhook endpoint saved.",
    reveal: secret
      ? { label: "Signing secret", value: secret, note: "Verify deliveries with it. It is not shown again; rotate it to get a new one." }
      : undefined,
  };
}

export async function rotateSecretAction(_previous: SimpleFormState): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return SIGNED_OUT;
  const result = await rotateSigningSecret(context.db, context.tenant, { staff: context.staff });
  if (!result.ok) return { ok: false, message: failureMessage(result.error) };
  revalidatePath("/console/settings");
  return {
    ok: true,
    message: "New signing secret made. The previous one keeps working for 24 hours.",
    reveal: { label: "New signing secret", value: result.value.secret },
  };
}

export async function saveRedirectAction(_previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return SIGNED_OUT;
  const result = await setDefaultRedirectUrl(context.db, {
    staff: context.staff,
    teamId: context.team.id,
    url: String(formData.get("url") ?? ""),
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/settings");
  return { ok: true, message: result.value.defaultRedirectUrl ? "Default redirect URL saved." : "Default redirect URL cleared." };
}

export async function saveRiskSettingsAction(_previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return SIGNED_OUT;
  const field = (name: string) => String(formData.get(name) ?? "");
  const result = await updateRiskSettings(context.db, context.tenant, {
    staff: context.staff,
    amlThreshold: field("amlThreshold"),
    onlineFootprintThreshold: field("onlineFootprintThreshold"),
    retentionDays: field("retentionDays"),
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/settings");
  const kept = result.value.retentionDays === null ? "kept until deleted by hand" : `deleted after ${result.value.retentionDays} days`;
  return { ok: true, message: `Risk and retention settings saved for ${context.mode}: records are ${kept}.` };
}

export async function saveVouchSettingsAction(_previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return SIGNED_OUT;
  const result = await updateVouchSettings(context.db, {
    tenant: context.tenant,
    staff: context.staff,
    professions: String(formData.get("professions") ?? "").split(/\r?\n/),
    refereeLimit: Number(String(formData.get("refereeLimit") ?? "").trim() || Number.NaN),
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/settings");
  return {
    ok: true,
    message: `Vouching settings saved for ${context.mode}: ${result.value.professions.length} professions, at most ${result.value.refereeLimit} people per referee a year.`,
  };
}

export async function saveEmbedSettingsAction(_previous: SimpleFormState, formData: FormData): Promise<SimpleFormState> {
  const context = await getStaffContext();
  if (!context) return SIGNED_OUT;
  const result = await updateEmbedSettings(context.db, {
    tenant: context.tenant,
    staff: context.staff,
    frameAncestors: String(formData.get("frameAncestors") ?? ""),
  });
  if (!result.ok) return { ok: false, message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/settings");
  const count = result.value.frameAncestors.length;
  return {
    ok: true,
    message: count
      ? `The hosted flow (${context.mode}) may be framed by ${count} site${count === 1 ? "" : "s"}.`
      : `The hosted flow (${context.mode}) is never framed.`,
  };
}
