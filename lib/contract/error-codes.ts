/*
 * Every `error_code` the API answers with: a closed set, each with what it means. A failure that
 * needs a code a client can act on names one of these (the type allows nothing else); a new code
 * is added here, and with it to the OpenAPI document's Error schema, which lists this table.
 * Codes are snake_case. The HTTP status says the class of failure; the code says which one (one
 * code may come with more than one status: an unreadable image is a 400 for a face, a 422 for a document).
 */
export const ERROR_CODES = {
  event_not_sent: "A sandbox webhook trigger named an event that cannot be sent for this resource",
  no_alert: "A sandbox alert trigger named an account with no alert to send",
  consent: "The privacy notice has not been agreed to yet",
  no_face: "No face was found in the image",
  several_faces: "The image shows more than one face; it should show one person",
  face_too_small: "The face in the image is too small to compare",
  unreadable_image: "The file could not be read as a JPEG, PNG or WebP picture",
  truncated_file: "The file ends before its image does (a cut-off upload)",
  too_many_pages: "The PDF has more pages than a document may have",
  image_too_large: "The image has more pixels than the limit",
  image_too_small: "The image is too small to read",
  missing_token: "No bearer token was sent",
  invalid_token: "The bearer token is unknown, revoked or expired",
  invalid_client: "The client id and secret do not match an active API client",
  sandbox_only: "The operation exists in sandbox mode only",
  bad_link: "The signed download link is incomplete or not valid",
  link_expired: "The signed download link has expired",
  last_owner: "The change would leave the team without an owner",
  verified: "The verification is finished: verified",
  review: "The verification is finished: waiting for staff review",
  processing: "The verification's evidence is being checked",
  locked_out: "The verification is locked after too many attempts",
  expired: "The verification's link has expired",
  cancelled: "The verification was cancelled",
  body_too_large: "The JSON body is larger than the limit",
  rate_limited: "Too many requests: retry after retry_after_seconds",
  internal_error: "An unexpected error; the message carries a request id for support",
  sub_type_not_supported: "The document sub_type cannot be read (Passport, NationalId and DrivingLicence can)",
  evisa_unavailable: "The eVisa service could not be reached; retry later",
  no_corpus: "The adverse-media corpus is not loaded; retry later",
  document_read_timeout: "Reading the document took too long; retry",
  document_engine_failed: "The document reader failed on this request; retry",
  missing_file: "A file named in a pair list is not in the folder (CLI)",
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
