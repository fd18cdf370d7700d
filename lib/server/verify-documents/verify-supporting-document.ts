import type { SupportingDocumentVerificationResponse, VerifySupportingDocumentRequest } from "@/lib/contract";
import { sandboxSupportingDocumentResponse } from "../sandbox/documents";
import { ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { checkDocumentUpload, readSupportingDocument } from "../documents";
import { engineFailure } from "./engine-failure";

/** Issued within the last 3 months unless the caller says otherwise (issue 11; vendors' practice). */
export const DEFAULT_MAX_DOCUMENT_AGE_DAYS = 92;

/**
 * POST /api/v1/verify/supporting-documents (real-api.md): the same input checks in both modes
 * (PDF, JPEG or PNG by magic bytes, 10 MB, pixels), then the live engine or the sandbox record.
 */
export async function verifySupportingDocument(options: {
  tenant: Tenant;
  request: VerifySupportingDocumentRequest;
  now?: Date;
}): Promise<Result<SupportingDocumentVerificationResponse>> {
  const { tenant, request } = options;
  const bytes = Buffer.from(await request.document.arrayBuffer());
  const checked = await checkDocumentUpload(bytes, "document", { allowPdf: true });
  if (!checked.ok) return checked;
  if (tenant.mode === "sandbox") return ok(sandboxSupportingDocumentResponse(request.sub_type));

  const address = request.address;
  const claim = {
    firstName: request.first_name,
    lastName: request.last_name,
    address: address && {
      residenceNumber: address.residence_number,
      buildingName: address.building_name,
      street: address.street,
      city: address.city,
      postcode: address.postcode,
    },
  };
  try {
    const result = await readSupportingDocument({
      document: bytes,
      subType: request.sub_type,
      claim,
      maxAgeDays: Math.round(request.minimum_document_length ?? DEFAULT_MAX_DOCUMENT_AGE_DAYS),
      now: options.now,
    });
    return ok({
      verification_method: "supporting_document",
      evidence_type: result.evidenceType,
      billable: true,
      outcome: result.outcome,
      extracted_details: result.extractedDetails,
      validations: result.validations,
      retake: result.retake,
    });
  } catch (error) {
    return engineFailure(error);
  }
}
