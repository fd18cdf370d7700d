import { z } from "zod";
// Types only: the contract's runtime schemas bring the OpenAPI machinery into the browser bundle.
// The server checks a chosen address against the contract's addressSchema (validate-signup.ts).
import type { Address } from "@/lib/contract";
// The picker's postcode rules and address helpers are shared with the console (components/risk-form).
import { addressLines, manualToAddress, normalisePostcode, postcodeField } from "@/lib/contract/address-entry";

export { addressLines, manualToAddress, normalisePostcode, postcodeField };

// The pages' CSP has no 'unsafe-eval' (proxy.ts): in the browser zod's JIT probe (`new Function("")`)
// would be refused and reported as a violation, so it parses without it there (the server keeps the JIT).
if (typeof window !== "undefined") z.config({ jitless: true });

// The sign-up form's one zod source, used by the browser (per step, before moving on) and by the
// server action (the whole form, again: the browser is not trusted). No server-only imports here.

export const SELFIE_MAX_BYTES = 10 * 1024 * 1024; // spec 8: face_scan at most 10 MB
export const SELFIE_TYPES = ["image/jpeg", "image/png"] as const;
export const MIN_AGE = 18;

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `Enter your ${label}`, abort: true })
    .max(100, { message: `Your ${label} must be 100 characters or fewer`, abort: true })
    .regex(/^[^<>{}\d]+$/u, `Your ${label} can only contain letters, spaces, hyphens and apostrophes`);

const emailField = z
  .string()
  .trim()
  .min(1, "Enter your email address")
  .max(320, "Your email address is too long")
  .pipe(z.email("Enter an email address in the right format, like name@example.com"));

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Day, month and year as typed (GOV.UK date input pattern) → YYYY-MM-DD, with plain messages. */
const dateOfBirthField = z.object({ day: z.string().trim(), month: z.string().trim(), year: z.string().trim() }).transform((parts, ctx) => {
  if (!parts.day && !parts.month && !parts.year) {
    ctx.addIssue({ code: "custom", message: "Enter your date of birth" });
    return z.NEVER;
  }
  const missing = (["day", "month", "year"] as const).filter((k) => !parts[k]);
  if (missing.length) {
    ctx.addIssue({ code: "custom", message: `Your date of birth must include a ${missing.join(" and ")}` });
    return z.NEVER;
  }
  if (!/^\d{1,2}$/.test(parts.day) || !/^\d{1,2}$/.test(parts.month) || !/^\d{4}$/.test(parts.year)) {
    ctx.addIssue({ code: "custom", message: "Date of birth must be numbers, like 27 3 1990" });
    return z.NEVER;
  }
  const iso = `${parts.year}-${parts.month.padStart(2, "0")}-${parts.day.padStart(2, "0")}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(iso)) {
    ctx.addIssue({ code: "custom", message: "Date of birth must be a real date" });
    return z.NEVER;
  }
  const now = today();
  if (iso > now) {
    ctx.addIssue({ code: "custom", message: "Date of birth must be in the past" });
    return z.NEVER;
  }
  const adult = `${Number(now.slice(0, 4)) - MIN_AGE}${now.slice(4)}`;
  if (iso > adult) {
    ctx.addIssue({ code: "custom", message: `You must be ${MIN_AGE} or over to open an account` });
    return z.NEVER;
  }
  if (Number(parts.year) < Number(now.slice(0, 4)) - 120) {
    ctx.addIssue({ code: "custom", message: "Check the year of your date of birth" });
    return z.NEVER;
  }
  return iso;
});

/** An address chosen in the picker travels as JSON in one hidden field. */
const chosenAddress = z
  .string()
  .min(1, "Find your address with your postcode, or enter it manually")
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "Choose your address again" });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.string(), { error: "Choose your address again" }))
  .transform((a) => a as Address)
  .refine((a) => !!a.postcode && !!a.city && !!(a.residence_number || a.building_name || a.street), "Choose your address again");

const manualAddress = z.object({
  houseNameOrNumber: z
    .string()
    .trim()
    .min(1, "Enter your house number or name")
    .max(100, "House number or name must be 100 characters or fewer"),
  street: z.string().trim().min(1, "Enter your street").max(200, "Street must be 200 characters or fewer"),
  city: z.string().trim().min(1, "Enter your town or city").max(100, "Town or city must be 100 characters or fewer"),
  postcode: postcodeField,
});

const detailsShape = {
  firstName: name("first name"),
  lastName: name("last name"),
  email: emailField,
  dateOfBirth: dateOfBirthField,
};

export const detailsStepSchema = z.object(detailsShape);

export const addressStepSchema = z.discriminatedUnion("addressMode", [
  z.object({ addressMode: z.literal("lookup"), address: chosenAddress }),
  z.object({ addressMode: z.literal("manual"), ...manualAddress.shape }),
]);

/** A file or nothing: an empty file input submits a nameless, empty part. */
export const selfieField = z
  .union([z.instanceof(Blob), z.undefined()])
  .transform((file) => (file && file.size > 0 ? file : undefined))
  .refine((file) => !file || file.size <= SELFIE_MAX_BYTES, "The selfie must be smaller than 10 MB")
  .refine(
    (file) => !file || !file.type || (SELFIE_TYPES as readonly string[]).includes(file.type),
    "The selfie must be a JPEG or PNG photo",
  );

export const selfieStepSchema = z.object({ selfie: selfieField });

export const signupSchema = z
  .object({ ...detailsShape, selfie: selfieField })
  .and(addressStepSchema)
  .transform((form) => {
    const address = form.addressMode === "lookup" ? form.address : manualToAddress(form);
    return {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      dateOfBirth: form.dateOfBirth,
      address,
      selfie: form.selfie,
    };
  });
export type SignupInput = z.output<typeof signupSchema>;

export const SIGNUP_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "dateOfBirth",
  "address",
  "houseNameOrNumber",
  "street",
  "city",
  "postcode",
  "selfie",
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];
export type SignupFieldErrors = Partial<Record<SignupField, string[]>>;

/** Which step shows each field: errors from the server send the user back to the first such step. */
export const FIELD_STEP: Record<SignupField, number> = {
  firstName: 0,
  lastName: 0,
  email: 0,
  dateOfBirth: 0,
  address: 1,
  houseNameOrNumber: 1,
  street: 1,
  city: 1,
  postcode: 1,
  selfie: 2,
};

/** The raw values of a submitted form, named as the schema expects. */
export function formDataToRaw(form: FormData): Record<string, unknown> {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const selfie = form.get("selfie");
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    dateOfBirth: { day: text("dobDay"), month: text("dobMonth"), year: text("dobYear") },
    addressMode: text("addressMode") === "manual" ? "manual" : "lookup",
    address: text("address"),
    houseNameOrNumber: text("houseNameOrNumber"),
    street: text("street"),
    city: text("city"),
    postcode: text("postcode"),
    selfie: selfie instanceof Blob ? selfie : undefined,
  };
}

/** zod issues → field errors keyed by the form's field names (first path segment). */
export function toFieldErrors(error: z.ZodError): SignupFieldErrors {
  const out: SignupFieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "") as SignupField;
    if (!(SIGNUP_FIELDS as readonly string[]).includes(key)) continue;
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** The first JPEG/PNG bytes (the declared type comes from the browser and is not trusted). */
export function sniffImageType(head: Uint8Array): "image/jpeg" | "image/png" | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return "image/png";
  return null;
}
