// GET /console/postcode?postcode= – the console's address picker: the selected team and mode's lookup
import { NextResponse, type NextRequest } from "next/server";
import { postcodeField, type PostcodeAnswer } from "@/lib/contract/address-entry";
import { getStaffContext } from "@/lib/auth/staff-context";
import { lookupPostcode } from "@/lib/server/lookup/lookup-postcode";
import { SANDBOX_POSTCODES } from "@/lib/server/sandbox/postcodes";

export const dynamic = "force-dynamic";

const SANDBOX_HINT = `Sandbox knows ${Object.values(SANDBOX_POSTCODES)
  .map((found) => found[0]?.postcode)
  .filter(Boolean)
  .join(", ")}.`;

function answer(body: PostcodeAnswer, status: number) {
  return NextResponse.json(body, { status, headers: { "cache-control": "no-store" } });
}

export async function GET(request: NextRequest) {
  const context = await getStaffContext();
  if (!context) return answer({ status: "error", message: "Your session has ended: sign in again." }, 401);
  const parsed = postcodeField.safeParse(request.nextUrl.searchParams.get("postcode") ?? "");
  if (!parsed.success)
    return answer({ status: "error", message: parsed.error.issues[0]?.message ?? "Enter a real UK postcode, like SW1A 2AA" }, 400);
  const postcode = parsed.data;
  // Sandbox answers the canned postcodes (spec 4.11); live searches the team's imported addresses.
  const found = await lookupPostcode(context.db, context.tenant, postcode);
  if (!found.ok || found.value.addresses_formatted.length === 0) {
    const hint = context.mode === "sandbox" ? SANDBOX_HINT : "Import the team's addresses with the CLI, or enter the address manually.";
    return answer({ status: "not_found", postcode, message: `No addresses for ${postcode}. ${hint}` }, 404);
  }
  const { addresses, addresses_formatted } = found.value;
  return answer(
    {
      status: "found",
      postcode,
      addresses: addresses_formatted.map((address, i) => ({ id: `a${i}`, label: addresses[i] ?? address.street ?? "", address })),
    },
    200,
  );
}
