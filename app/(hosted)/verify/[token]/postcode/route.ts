// GET /verify/:token/postcode?postcode= – the claim form's address picker, in the case's team and mode
import { NextResponse, type NextRequest } from "next/server";
import { postcodeField, type PostcodeAnswer } from "@/lib/contract/address-entry";
import { getDb } from "@/lib/db";
import { loadHostedFlow } from "@/lib/server/hosted/load-hosted-flow";
import { lookupPostcode } from "@/lib/server/lookup/lookup-postcode";

export const dynamic = "force-dynamic";

function answer(body: PostcodeAnswer, status: number) {
  return NextResponse.json(body, { status, headers: { "cache-control": "no-store" } });
}

export async function GET(request: NextRequest, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const flow = await loadHostedFlow(db, token);
  if (!flow || flow.screen.kind !== "claim") return answer({ status: "error", message: "Address search is not available on this page." }, 404);
  const parsed = postcodeField.safeParse(request.nextUrl.searchParams.get("postcode") ?? "");
  if (!parsed.success) return answer({ status: "error", message: parsed.error.issues[0]?.message ?? "Enter a real postcode, like SW1A 2AA" }, 400);
  const found = await lookupPostcode(db, flow.tenant, parsed.data);
  if (!found.ok || found.value.addresses_formatted.length === 0) return answer({ status: "not_found", postcode: parsed.data, message: `No addresses found for ${parsed.data}. Enter your address manually.` }, 404);
  const { addresses, addresses_formatted } = found.value;
  return answer({ status: "found", postcode: parsed.data, addresses: addresses_formatted.map((address, i) => ({ id: `a${i}`, label: addresses[i] ?? address.street ?? "", address })) }, 200);
}
