import { z } from "zod";
import { addressSchema, type Address } from "@/lib/contract";
import { manualToAddress, postcodeField } from "@/lib/contract/address-entry";
import type { ClaimField, ClaimInput } from "@/lib/server/hosted/confirm-claim";

export interface ClaimFormState {
  /** Field → message key under hosted.claim.errors. */
  fieldErrors: Partial<Record<ClaimField, string>>;
  failed: boolean;
}

const manualSchema = z.object({
  houseNameOrNumber: z.string().trim().min(1).max(100),
  street: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  postcode: postcodeField,
});

/** The claim form (the shared TextField, DateOfBirthField and AddressPicker names) → the claim. */
export function readClaimForm(form: FormData): { ok: true; claim: ClaimInput } | { ok: false; state: ClaimFormState } {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.trim() : "";
  };
  const errors: ClaimFormState["fieldErrors"] = {};
  const [day, month, year] = [text("dobDay"), text("dobMonth"), text("dobYear")];
  const dateOfBirth = /^\d{1,2}$/.test(day) && /^\d{1,2}$/.test(month) && /^\d{4}$/.test(year) ? `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}` : "";
  if (!dateOfBirth) errors.dateOfBirth = "dateOfBirth";
  let address: Address | null = null;
  if (text("addressMode") === "manual") {
    const manual = manualSchema.safeParse({ houseNameOrNumber: text("houseNameOrNumber"), street: text("street"), city: text("city"), postcode: text("postcode") });
    if (manual.success) address = manualToAddress(manual.data);
  } else {
    try {
      const chosen = addressSchema.safeParse(JSON.parse(text("address") || "null"));
      if (chosen.success) address = chosen.data;
    } catch {
      address = null;
    }
  }
  if (!address) errors.address = "address";
  if (!text("firstName")) errors.firstName = "firstName";
  if (!text("lastName")) errors.lastName = "lastName";
  if (Object.keys(errors).length) return { ok: false, state: { fieldErrors: errors, failed: true } };
  return { ok: true, claim: { firstName: text("firstName"), lastName: text("lastName"), dateOfBirth, address: address! } };
}
