import { z } from "zod";
import type { AssessmentField, AssessmentFormState } from "@/components/risk-form/assessment-form";
import { riskRequestSchema, type RiskRequest } from "@/lib/contract";
import { manualToAddress, postcodeField } from "@/lib/contract/address-entry";

// The console's "run an assessment" form → the risk endpoint's own request (lib/contract/risk.ts),
// so a hand-made assessment is checked exactly as one sent to POST /api/v2/risk.

type FieldErrors = AssessmentFormState["fieldErrors"];
export type ReadAssessment = { ok: true; request: RiskRequest; report: "headline" | "radar" } | { ok: false; fieldErrors: FieldErrors };

const FACE_MAX_BYTES = 10 * 1024 * 1024; // spec 8

/** Contract field → form field, and the words for a missing value. */
const FIELDS: Record<string, { field: AssessmentField; name: string }> = {
  first_name: { field: "firstName", name: "first name" },
  last_name: { field: "lastName", name: "last name" },
  email: { field: "email", name: "email address" },
  date_of_birth: { field: "dateOfBirth", name: "date of birth" },
  phone: { field: "phone", name: "phone number" },
  enrichments: { field: "enrichments", name: "enrichments" },
  address: { field: "address", name: "address" },
  face_scan: { field: "faceImage", name: "face image" },
};
const MANUAL_PARTS: Record<string, AssessmentField> = {
  residence_number: "houseNameOrNumber",
  building_name: "houseNameOrNumber",
  street: "street",
  city: "city",
  postcode: "postcode",
};

const manualAddress = z.object({
  houseNameOrNumber: z.string().trim().min(1, "Enter the house number or name").max(100, "At most 100 characters"),
  street: z.string().trim().min(1, "Enter the street").max(200, "At most 200 characters"),
  city: z.string().trim().min(1, "Enter the town or city").max(100, "At most 100 characters"),
  postcode: postcodeField,
});

function add(errors: FieldErrors, field: AssessmentField, message: string) {
  (errors[field] ??= []).push(message);
}

/** Where a contract (or domain) problem belongs on the form; `manual`: the address was typed in. */
export function placeError(errors: FieldErrors, path: readonly PropertyKey[], message: string, manual: boolean) {
  const [top, part] = path.map(String);
  const known = FIELDS[top ?? ""];
  if (!known) return add(errors, "address", message);
  const required =
    message === "Required"
      ? `Enter the ${known.name}`
      : top === "date_of_birth" && message.includes("YYYY")
        ? "Enter a real date, like 27 3 1990"
        : message;
  if (known.field !== "address") return add(errors, known.field, required);
  const credit = message.startsWith("Required when CREDIT_BUREAU");
  if (manual && part && MANUAL_PARTS[part]) return add(errors, MANUAL_PARTS[part], credit ? "Needed for the credit bureau" : message);
  add(errors, "address", credit ? "The credit bureau needs the address: find it by postcode, or enter it manually" : message);
}

function dateOfBirth(day: string, month: string, year: string): { iso: string } | { error: string } {
  if (!day && !month && !year) return { error: "Enter the date of birth" };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year))
    return { error: "Enter the day, month and year as numbers, like 27 3 1990" };
  return { iso: `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}` };
}

/** Reads and checks the form; the face image's content (JPEG or PNG) is judged by assessRisk. */
export function readAssessmentForm(form: FormData): ReadAssessment {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.trim() : "";
  };
  const errors: FieldErrors = {};
  const manual = text("addressMode") === "manual";
  const raw: Record<string, unknown> = { first_name: text("firstName"), last_name: text("lastName") };
  // Left out when empty, so the contract says "Required" (→ "Enter the email address"), not "not an email".
  if (text("email")) raw.email = text("email");

  const dob = dateOfBirth(text("dobDay"), text("dobMonth"), text("dobYear"));
  if ("error" in dob) add(errors, "dateOfBirth", dob.error);
  else raw.date_of_birth = dob.iso;

  const phone = text("phone").replace(/[\s()-]/g, "");
  if (phone) raw.phone = phone;
  const enrichments = form.getAll("enrichments").filter((v): v is string => typeof v === "string");
  if (enrichments.length) raw.enrichments = JSON.stringify(enrichments);

  if (manual) {
    const typed = { houseNameOrNumber: text("houseNameOrNumber"), street: text("street"), city: text("city"), postcode: text("postcode") };
    if (Object.values(typed).some(Boolean)) {
      const parsed = manualAddress.safeParse(typed);
      if (parsed.success) raw.address = JSON.stringify(manualToAddress(parsed.data));
      else for (const issue of parsed.error.issues) add(errors, String(issue.path[0]) as AssessmentField, issue.message);
    }
  } else if (text("address")) {
    raw.address = text("address");
  }

  const face = form.get("faceImage");
  if (face instanceof File && face.size > 0) {
    if (face.size > FACE_MAX_BYTES) add(errors, "faceImage", "The face image must be smaller than 10 MB");
    else raw.face_scan = face;
  }
  const report = text("report") === "radar" ? "radar" : "headline";

  const parsed = riskRequestSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // The date of birth's own message already says what is wrong with the typed parts.
      if (issue.path[0] === "date_of_birth" && errors.dateOfBirth) continue;
      placeError(errors, issue.path, issue.message, manual);
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, fieldErrors: errors };
  return { ok: true, request: parsed.data, report };
}
