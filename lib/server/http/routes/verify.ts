import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  evisaRequestSchema,
  evisaResponseSchema,
  photoIdVerificationResponseSchema,
  supportingDocumentVerificationResponseSchema,
  verifyPhotoIdRequestSchema,
  verifySupportingDocumentRequestSchema,
} from "@/lib/contract";
import { verifyPhotoId } from "../../verify-documents/verify-photo-id";
import { verifySupportingDocument } from "../../verify-documents/verify-supporting-document";
import { verifyEvisa } from "../../evisa/verify-evisa";
import { orFail } from "../errors";
import { multipartForm } from "../multipart";
import { json, jsonBody, teamRoute } from "../route-helpers";
import type { ApiEnv } from "../types";

/** Up to three 10 MB images (front, back, face_scan) plus the text fields. */
const PHOTO_ID_MAX_BYTES = 31 * 1024 * 1024;
/** One 10 MB document plus the text fields. */
const SUPPORTING_MAX_BYTES = 11 * 1024 * 1024;

export function registerVerifyRoutes(app: OpenAPIHono<ApiEnv>) {
  // POST /api/v1/verify/photo-id – read and check a passport, ID card or driving licence
  app.openapi(
    teamRoute({
      method: "post",
      path: "/api/v1/verify/photo-id",
      tags: ["Documents"],
      summary: "Verify a photo ID",
      description:
        "Reads a passport (TD3 MRZ), an ID card (TD1/TD2 MRZ, `back` for TD1) or a UK driving licence (photocard front) and checks it: " +
        "check digits, expiry, specimen, the document's portrait, and — with `face_scan` — a face match; with `first_name`/`last_name`/`date_of_birth` " +
        "also the names and the date of birth. A document that cannot be read with certainty fails with `retake` saying what to fix. " +
        "Sandbox: a stable passing record per sub_type, nothing read or billed.",
      middleware: multipartForm(PHOTO_ID_MAX_BYTES),
      request: { body: { required: true, content: { "multipart/form-data": { schema: verifyPhotoIdRequestSchema } } } },
      responses: {
        200: json(photoIdVerificationResponseSchema, "The document was examined (see `outcome` and `validations`)"),
      },
      refuses: [413, 415, 422, 501, 503],
    }),
    async (c) => c.json(orFail(await verifyPhotoId({ tenant: c.get("tenant"), request: c.req.valid("form") })), 200),
  );

  // POST /api/v1/verify/supporting-documents – read and check an address document
  app.openapi(
    teamRoute({
      method: "post",
      path: "/api/v1/verify/supporting-documents",
      tags: ["Documents"],
      summary: "Verify a supporting document",
      description:
        "Reads a bank statement, utility or council tax bill, payslip… (text PDF, scanned PDF or photo): holder name, address and postcode, " +
        "document date, issuer. Checks the category, the age (`minimum_document_length`, default 3 months) and legibility; with `first_name`/`last_name`/`address` " +
        "also `name_matches` and `address_matches`. Sandbox: a stable passing record, nothing read or billed.",
      middleware: multipartForm(SUPPORTING_MAX_BYTES),
      request: { body: { required: true, content: { "multipart/form-data": { schema: verifySupportingDocumentRequestSchema } } } },
      responses: {
        200: json(supportingDocumentVerificationResponseSchema, "The document was examined (see `outcome` and `validations`)"),
      },
      refuses: [413, 415, 422, 503],
    }),
    async (c) => c.json(orFail(await verifySupportingDocument({ tenant: c.get("tenant"), request: c.req.valid("form") })), 200),
  );

  // POST /api/v1/verify/evisa – a UK eVisa checked by its share code
  app.openapi(
    teamRoute({
      method: "post",
      path: "/api/v1/verify/evisa",
      tags: ["Documents"],
      summary: "Verify a UK eVisa",
      description:
        "Checks a Home Office share code with the holder's date of birth (`ImmigrationStatus`, `RightToWork` or `RightToRent`): the eVisa exists for that person, " +
        "has started and has not expired; details are shown only when the date of birth matches. Live answers from the deployment's eVisa provider " +
        "(built in: the register the operator imports with `npm run cli -- import-evisa-records`). " +
        "Sandbox share codes: PASS12345 (passes), FAIL12345 (expired), ERROR1234 (503), BADCODE12 (no such eVisa), WRONGDOB1 (wrong date of birth); nothing billed.",
      request: { body: jsonBody(evisaRequestSchema) },
      responses: { 200: json(evisaResponseSchema, "The eVisa was checked (see `outcome` and `validations`)") },
      refuses: [503],
    }),
    async (c) => c.json(orFail(await verifyEvisa(c.get("db"), c.get("tenant"), c.req.valid("json"))), 200),
  );
}
