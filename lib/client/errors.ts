import type { ApiErrorBody } from "@/lib/contract";

/** Base of every error the client throws. */
export class ServiceClientError extends Error {
  override name = "ServiceClientError";
}

/** The service answered with its error shape (wire-details: errors). */
export class ServiceApiError extends ServiceClientError {
  override name = "ServiceApiError";
  readonly status: number;
  readonly body: ApiErrorBody;
  constructor(body: ApiErrorBody) {
    super(body.message);
    this.status = body.status_code;
    this.body = body;
  }
  /** Field path → message, for validation errors (400). */
  get fieldErrors(): Record<string, string> {
    return this.body.error_detail ?? {};
  }
  get retryAfterSeconds(): number | undefined {
    return this.body.retry_after_seconds;
  }
}

/** The service could not be reached, or timed out. */
export class ServiceUnavailableError extends ServiceClientError {
  override name = "ServiceUnavailableError";
}

/** The service answered something that does not match the contract. */
export class ServiceProtocolError extends ServiceClientError {
  override name = "ServiceProtocolError";
}
