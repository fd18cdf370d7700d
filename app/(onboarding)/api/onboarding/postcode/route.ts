// GET /api/onboarding/postcode?postcode= – the address picker's lookup, through the service client
import { NextResponse, type NextRequest } from "next/server";
import { lookupAddresses } from "@/lib/onboarding/lookup-addresses";
import type { PostcodeAnswer } from "@/lib/onboarding/postcode-types";
import { clientKey, createRateLimiter } from "@/lib/onboarding/rate-limit";
import { getServiceClient } from "@/lib/onboarding/service";
import { postcodeField } from "@/lib/onboarding/signup-schema";

export const dynamic = "force-dynamic";

// Each lookup spends the team's API calls: a person needs a handful, a script gets slowed down.
const limiter = createRateLimiter({ limit: 30, windowMs: 60_000 });

function answer(body: PostcodeAnswer, status: number, headers: Record<string, string> = {}) {
  return NextResponse.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

export async function GET(request: NextRequest) {
  const parsed = postcodeField.safeParse(request.nextUrl.searchParams.get("postcode") ?? "");
  if (!parsed.success)
    return answer({ status: "error", message: parsed.error.issues[0]?.message ?? "Enter a real UK postcode, like SW1A 2AA" }, 400);
  const wait = limiter.take(clientKey(request.headers));
  if (wait)
    return answer(
      { status: "error", message: `Too many searches. Please wait ${wait} seconds and try again, or enter your address manually.` },
      429,
      { "retry-after": String(wait) },
    );

  const result = await lookupAddresses(getServiceClient(), parsed.data);
  switch (result.status) {
    case "found":
      return answer(result, 200);
    case "not_found":
      return answer(
        {
          status: "not_found",
          postcode: result.postcode,
          message: `We couldn't find any addresses for ${result.postcode}. Check the postcode, or enter your address manually.`,
        },
        404,
      );
    case "unavailable":
      return answer({ status: "error", message: "Address search isn't working right now. Please enter your address manually." }, 502);
  }
}
