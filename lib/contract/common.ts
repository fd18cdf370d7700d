import { z } from "@hono/zod-openapi";
import { ERROR_CODE_LIST, ERROR_CODES } from "./error-codes";

export { z };

/** Every error body (wire-details: errors). */
export const errorSchema = z
  .object({
    status_code: z.number().int().openapi({ example: 400 }),
    message: z.string().openapi({ example: "Invalid request" }),
    error_detail: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: "Validation errors keyed by field path", example: { "address.postcode": "Required" } }),
    failedReason: z.string().optional(),
    error_code: z
      .enum(ERROR_CODE_LIST)
      .optional()
      .openapi({
        description: `Which failure, for a client to act on (a closed set):\n${Object.entries(ERROR_CODES)
          .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
          .join("\n")}`,
      }),
    retry_after_seconds: z.number().int().optional(),
  })
  .openapi("Error");
export type ApiErrorBody = z.infer<typeof errorSchema>;

// Years 1–9999 in UTC: the instant is written to the database as an ISO string, and PostgreSQL
// refuses year 0000 and six-digit years (a replay `from` of 0000-01-01 answered 500: API fuzzer).
export const isoDateTime = z.iso
  .datetime({ offset: true })
  .refine((v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 1 && year <= 9999;
  }, "Must be between the years 0001 and 9999 (UTC)")
  .openapi({ example: "2026-11-21T10:00:00.000Z" });

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date in the format YYYY-MM-DD")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, "Must be a real calendar date (YYYY-MM-DD)")
  .openapi({ example: "1990-01-31" });

/** A past or present date of birth (YYYY-MM-DD): the risk, smart-lookup and eVisa inputs. */
export const dateOfBirthSchema = isoDate.refine((v) => v <= new Date().toISOString().slice(0, 10), "Must not be in the future");

/** A first or last name as callers send it. */
export const personNameSchema = z.string().trim().min(1, "Required").max(100);

/** A 0–100 threshold (AML, online footprint, adverse media). */
export const thresholdSchema = z.number({ error: "Must be a number from 0 to 100" }).min(0).max(100);

/** An E.164 phone number. */
export const phoneSchema = z.string().regex(/^\+[1-9]\d{6,14}$/, "Must be an E.164 phone number, for example +447700900123");

export const httpUrl = z
  .url({ protocol: /^https?$/, message: "Must be an absolute http(s) URL" })
  .max(2048)
  .openapi({ example: "https://example.com/return" });

/** spec 2.6 (building_name and region are wire-details extras). */
export const addressSchema = z
  .object({
    residence_number: z.string().max(100).optional(),
    building_name: z.string().max(200).optional(),
    street: z.string().max(200).optional(),
    city: z.string().max(100).optional(),
    region: z.string().max(100).optional(),
    postcode: z.string().max(16).optional(),
    country_code: z
      .string()
      .regex(/^[A-Z]{2}$/, "Must be a two-letter country code")
      .optional(),
    country: z.string().max(100).optional(),
  })
  .strict()
  .openapi("Address");
export type Address = z.infer<typeof addressSchema>;

export const healthSchema = z.object({ status: z.literal("ok"), version: z.string() }).openapi("Health");

/** A form field carrying JSON: documented as a string, parsed, then checked with `inner`. */
export function jsonField<T extends z.ZodType>(inner: T, description: string, example: string) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "Malformed JSON" });
        return z.NEVER;
      }
    })
    .pipe(inner)
    .openapi({ type: "string", description, example });
}
