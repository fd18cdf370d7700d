import "server-only";
import { addressSchema } from "@/lib/contract";
import { formDataToRaw, signupSchema, sniffImageType, toFieldErrors, type SignupFieldErrors, type SignupInput } from "./signup-schema";

export type SignupValidation = { ok: true; data: SignupInput } | { ok: false; fieldErrors: SignupFieldErrors };

/** The whole form, checked again on the server; the selfie is judged by its bytes, not its declared type. */
export async function validateSignupForm(form: FormData): Promise<SignupValidation> {
  const parsed = signupSchema.safeParse(formDataToRaw(form));
  if (!parsed.success) return { ok: false, fieldErrors: toFieldErrors(parsed.error) };
  // The browser only checks the chosen address's outline; its exact shape is the contract's.
  const address = addressSchema.safeParse(parsed.data.address);
  if (!address.success) return { ok: false, fieldErrors: { address: ["Choose your address again"] } };
  const selfie = parsed.data.selfie;
  if (selfie) {
    const type = sniffImageType(new Uint8Array(await selfie.slice(0, 8).arrayBuffer()));
    if (!type) return { ok: false, fieldErrors: { selfie: ["The selfie must be a JPEG or PNG photo"] } };
    // Re-typed from its content, so the service sees what the file really is.
    return {
      ok: true,
      data: {
        ...parsed.data,
        address: address.data,
        selfie: new File([selfie], type === "image/png" ? "selfie.png" : "selfie.jpg", { type }),
      },
    };
  }
  return { ok: true, data: { ...parsed.data, address: address.data } };
}
