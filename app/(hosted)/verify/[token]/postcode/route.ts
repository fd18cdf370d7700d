// GET /verify/:token/postcode?postcode= – the claim form's address picker, in the case's team and mode.
// Every answer the picker expects (found, none found, not a postcode) is a 200 with its status in
// the body: a person who mistyped is on a normal path, and the browser logs nothing for it. A text
// that cannot be a UK postcode ("hello") is refused before any lookup.
import { NextResponse, type NextRequest } from "next/server";
import { ukPostcode } from "@/lib/contract/postcode";
import type { PostcodeAnswer } from "@/lib/contract/address-entry";
import { getDb } from "@/lib/db";
import { loadHostedFlow } from "@/lib/server/hosted/load-hosted-flow";
import { lookupPostcode } from "@/lib/server/lookup/lookup-postcode";

export const dynamic = "force-dynamic";

function answer(body: PostcodeAnswer, status = 200) {
  return NextResponse.json(body, { status, headers: { "cache-control": "no-store" } });
}

export async function GET(request: NextRequest, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const flow = await loadHostedFlow(db, token);
  if (!flow || flow.screen.kind !== "claim")
    return answer({ status: "error", message: "Address search is not available on this page." }, 404);
  const typed = (request.nextUrl.searchParams.get("postcode") ?? "").trim();
  if (!typed) return answer({ status: "error", message: "Enter a postcode" });
  const postcode = ukPostcode(typed);
  if (!postcode) return answer({ status: "error", message: "Enter a real UK postcode, like SW1A 2AA" });
  const found = await lookupPostcode(db, flow.tenant, postcode);
  if (!found.ok || found.value.addresses_formatted.length === 0)
    return answer({ status: "not_found", postcode, message: `No addresses found for ${postcode}. Enter your address manually.` });
  const { addresses, addresses_formatted } = found.value;
  return answer({
    status: "found",
    postcode,
    addresses: addresses_formatted.map((address, i) => ({ id: `a${i}`, label: addresses[i] ?? address.street ?? "", address })),
  });
}
