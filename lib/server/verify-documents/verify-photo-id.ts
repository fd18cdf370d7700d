import { READABLE_PHOTO_IDS, type PhotoIdVerificationResponse, type VerifyPhotoIdRequest } from "@/lib/contract";
import { sandboxPhotoIdResponse } from "../sandbox/documents";
import { fail, ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { checkDocumentUpload, readPhotoId, type PhotoIdKind } from "../documents";
import { engineFailure } from "./engine-failure";

/**
 * POST /api/v1/verify/photo-id (real-api.md): input checks first and the same in both modes, then
 * the live engine reads the document (billable) or the sandbox answers its stable record.
 */
export async function verifyPhotoId(options: {
  tenant: Tenant;
  request: VerifyPhotoIdRequest;
  now?: Date;
}): Promise<Result<PhotoIdVerificationResponse>> {
  const { tenant, request } = options;
  const kind = request.sub_type;
  if (!(READABLE_PHOTO_IDS as readonly string[]).includes(kind)) {
    return fail("not_implemented", `Reading ${kind} documents is not available`, {
      detail: { sub_type: `Must be one of Passport, NationalId, DrivingLicence` },
      code: "sub_type_not_supported",
    });
  }
  const files: Record<string, Buffer> = {};
  for (const field of ["front", "back", "face_scan"] as const) {
    const file = request[field];
    if (!file) continue;
    const bytes = Buffer.from(await file.arrayBuffer());
    const checked = await checkDocumentUpload(bytes, field);
    if (!checked.ok) return checked;
    files[field] = bytes;
  }
  if (tenant.mode === "sandbox") return ok(sandboxPhotoIdResponse(kind, !!files.face_scan));

  const claim = { firstName: request.first_name, lastName: request.last_name, dateOfBirth: request.date_of_birth };
  try {
    const result = await readPhotoId({
      kind: kind as PhotoIdKind,
      front: files.front!,
      back: files.back,
      faceScan: files.face_scan,
      claim,
      now: options.now,
    });
    return ok({
      verification_method: "photo_id",
      billable: true,
      evidence_type: result.evidenceType,
      outcome: result.outcome,
      extracted_details: result.extractedDetails,
      validations: result.validations,
      retake: result.retake,
    });
  } catch (error) {
    return engineFailure(error);
  }
}
