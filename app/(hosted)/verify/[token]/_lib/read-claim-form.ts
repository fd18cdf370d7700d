import { addressSchema, type Address } from "@/lib/contract";
import { manualToAddress } from "@/lib/contract/address-entry";
import type { ClaimField, ClaimInput } from "@/lib/server/hosted/confirm-claim";
import { ukPostcode } from "@/lib/contract/postcode";

export type ManualField = "houseNameOrNumber" | "street" | "city" | "postcode";

export interface ClaimFormState {
  /** Field → message key under hosted.claim.errors. */
  fieldErrors: Partial<Record<ClaimField, string>>;
  /** The address typed by hand: each of its fields that is missing or wrong (keys under hosted.claim.errors). */
  manualErrors?: Partial<Record<ManualField, string>>;
  failed: boolean;
  /** Counts the failed submits, so the form moves focus to its error summary after each one. */
  attempt?: number;
}

const MANUAL_LIMITS: Record<Exclude<ManualField, "postcode">, number> = { houseNameOrNumber: 100, street: 200, city: 100 };

/** The claim form (the shared TextField, DateOfBirthField and AddressPicker names) → the claim. */
export function readClaimForm(form: FormData): { ok: true; claim: ClaimInput } | { ok: false; state: ClaimFormState } {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.trim() : "";
  };
  const errors: ClaimFormState["fieldErrors"] = {};
  const [day, month, year] = [text("dobDay"), text("dobMonth"), text("dobYear")];
  const dateOfBirth =
    /^\d{1,2}$/.test(day) && /^\d{1,2}$/.test(month) && /^\d{4}$/.test(year)
      ? `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`
      : "";
  if (!dateOfBirth) errors.dateOfBirth = "dateOfBirth";
  let address: Address | null = null;
  const manualErrors: NonNullable<ClaimFormState["manualErrors"]> = {};
  if (text("addressMode") === "manual") {
    for (const [field, max] of Object.entries(MANUAL_LIMITS) as [Exclude<ManualField, "postcode">, number][]) {
      const value = text(field);
      if (!value || value.length > max) manualErrors[field] = field;
    }
    const postcode = ukPostcode(text("postcode"));
    if (!postcode) manualErrors.postcode = text("postcode") ? "postcodeInvalid" : "postcode";
    if (Object.keys(manualErrors).length === 0)
      address = manualToAddress({
        houseNameOrNumber: text("houseNameOrNumber"),
        street: text("street"),
        city: text("city"),
        postcode: postcode!,
      });
  } else {
    try {
      const chosen = addressSchema.safeParse(JSON.parse(text("address") || "null"));
      if (chosen.success) address = chosen.data;
    } catch {
      address = null;
    }
  }
  if (!address && Object.keys(manualErrors).length === 0) errors.address = "address";
  if (!text("firstName")) errors.firstName = "firstName";
  if (!text("lastName")) errors.lastName = "lastName";
  if (Object.keys(errors).length || Object.keys(manualErrors).length)
    return { ok: false, state: { fieldErrors: errors, manualErrors, failed: true } };
  return { ok: true, claim: { firstName: text("firstName"), lastName: text("lastName"), dateOfBirth, address: address! } };
}
