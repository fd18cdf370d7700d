// POST /api/onboarding/webhooks – the service's signed webhooks: verify, store once, update the applicant
import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/lib/db";
import { getOnboardingConfig } from "@/lib/onboarding/config";
import { MAX_WEBHOOK_BYTES, receiveWebhook } from "@/lib/onboarding/receive-webhook";

export const dynamic = "force-dynamic";

export async function POST(request: NextRequest) {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_WEBHOOK_BYTES) return NextResponse.json({ received: false, error: "Payload too large" }, { status: 413 });
  // The signature covers the exact bytes: read the raw text, never a re-serialised JSON.
  const body = await request.text();
  if (Buffer.byteLength(body) > MAX_WEBHOOK_BYTES)
    return NextResponse.json({ received: false, error: "Payload too large" }, { status: 413 });
  const { webhookSecrets } = getOnboardingConfig();
  if (webhookSecrets.length === 0)
    console.warn("[onboarding] a webhook arrived but no ONBOARDING_WEBHOOK_SECRET is configured (nor demo-webhook.json): refused");
  const result = await receiveWebhook(await getDb(), { body, headers: request.headers, secrets: webhookSecrets });
  return NextResponse.json(result.body, { status: result.status });
}
