import type { z } from "zod";
import {
  accessTokenSchema,
  adverseMediaResponseSchema,
  artefactLinkSchema,
  createVerificationResponseSchema,
  deliveryReportSchema,
  errorSchema,
  evisaResponseSchema,
  flowListSchema,
  flowSchema,
  healthSchema,
  postcodeLookupSchema,
  riskResponseSchema,
  smartLookupResponseSchema,
  verificationListSchema,
  verificationRecordSchema,
  type Address,
  type AdverseMediaRequest,
  type CreateVerificationRequest,
  type EvisaRequest,
  type RiskEnrichment,
  type SmartLookupRequest,
  type VerificationEventName,
  type VerificationPage,
  type VerificationStatusValue,
} from "@/lib/contract";
import { ServiceApiError, ServiceProtocolError, ServiceUnavailableError } from "./errors";

export * from "./errors";

/** The risk form (spec 2.5) before encoding: the client writes the JSON fields and the file part. */
export interface RiskForm {
  first_name: string;
  last_name: string;
  email: string;
  /** YYYY-MM-DD */
  date_of_birth: string;
  phone?: string;
  enrichments?: readonly RiskEnrichment[];
  /** As returned by the postcode lookup (required with CREDIT_BUREAU). */
  address?: Address;
  thresholds?: { aml?: number; online_footprint?: number };
  /** JPEG or PNG, at most 10 MB. */
  face_scan?: Blob;
}

export interface ServiceClientOptions {
  /** Base address of any deployment of the API, for example https://idv.example.com. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  /** Per-request timeout in ms (default 15 s). */
  timeoutMs?: number;
  now?: () => number;
}

// Renew a little before expiry so a request never leaves with a token that dies in flight.
const RENEW_MARGIN_MS = 60_000;

type Body = { json: unknown } | { form: FormData } | undefined;

/**
 * Typed HTTP client of the service API. It authenticates with client credentials, caches the
 * token, renews it before expiry and once on a 401, validates every answer against the contract,
 * and throws typed errors.
 */
export class ServiceClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(private readonly options: ServiceClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
  }

  /** POST /api/v2/authenticate. Normally implicit; exposed for tools and tests. */
  async authenticate(): Promise<z.infer<typeof accessTokenSchema>> {
    const response = await this.send("POST", "/api/v2/authenticate", {
      json: { client_id: this.options.clientId, client_secret: this.options.clientSecret },
    });
    const token = await this.parse(response, accessTokenSchema);
    this.token = { value: token.access_token, expiresAt: Date.parse(token.expires_at) };
    return token;
  }

  health() {
    return this.call("GET", "/api/v1/health", healthSchema, undefined, false);
  }

  createVerification(input: CreateVerificationRequest) {
    return this.call("POST", "/api/v1/verifications", createVerificationResponseSchema, { json: input });
  }

  getVerification(id: string) {
    return this.call("GET", `/api/v2/verifications/${encodeURIComponent(id)}`, verificationRecordSchema);
  }

  /** GET /api/v1/verifications: one page, newest first; `nextCursor` (from `X-Next-Cursor`) fetches the next. */
  async listVerifications(query: { status?: VerificationStatusValue; limit?: number; cursor?: string } = {}): Promise<VerificationPage> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const { data, headers } = await this.exchange("GET", `/api/v1/verifications${params.size ? `?${params}` : ""}`, verificationListSchema);
    return { verifications: data, nextCursor: headers.get("x-next-cursor") };
  }

  /** GET /api/v1/flows: built-in and the team's own workflows (archived ones carry `archived_at`). */
  listFlows() {
    return this.call("GET", "/api/v1/flows", flowListSchema);
  }

  getFlow(id: string) {
    return this.call("GET", `/api/v1/flows/${encodeURIComponent(id)}`, flowSchema);
  }

  /** POST /api/v1/smart-lookups: credit bureau, online footprint and AML checks on a person. */
  smartLookup(input: SmartLookupRequest) {
    return this.call("POST", "/api/v1/smart-lookups", smartLookupResponseSchema, { json: input });
  }

  /** POST /api/v1/verify/evisa: a UK eVisa by share code and date of birth. */
  verifyEvisa(input: EvisaRequest) {
    return this.call("POST", "/api/v1/verify/evisa", evisaResponseSchema, { json: input });
  }

  /** POST /api/v1/adverse-media: news articles naming a person, scored for adversity. */
  adverseMedia(input: AdverseMediaRequest) {
    return this.call("POST", "/api/v1/adverse-media", adverseMediaResponseSchema, { json: input });
  }

  /** GET /api/v1/artefacts/{key}: a signed download link (5 minutes) for an artefact key of a verification record. */
  getArtefactLink(key: string) {
    return this.call("GET", `/api/v1/artefacts/${encodeURIComponent(key)}`, artefactLinkSchema);
  }

  /** POST /api/v2/risk: the headline description (score and recommendation), sent as multipart. */
  assessRisk(form: RiskForm) {
    return this.call("POST", "/api/v2/risk", riskResponseSchema, { form: toRiskFormData(form) });
  }

  /** GET /api/v1/smart-lookups/postcode. An unknown or malformed postcode is a ServiceApiError (400). */
  lookupPostcode(postcode: string) {
    return this.call("GET", `/api/v1/smart-lookups/postcode?${new URLSearchParams({ postcode })}`, postcodeLookupSchema);
  }

  /** Sandbox only (spec 4.7): sends one signed event of a verification to `webhook_url`, now. */
  triggerVerificationWebhook(id: string, input: { webhook_url: string; event: VerificationEventName }) {
    return this.call("POST", `/api/v1/verifications/${encodeURIComponent(id)}/webhooks`, deliveryReportSchema, { json: input });
  }

  /** Drops the cached token (for example after the credentials were rotated). */
  forgetToken(): void {
    this.token = null;
  }

  private async bearer(): Promise<string> {
    if (this.token && this.token.expiresAt - RENEW_MARGIN_MS > this.now()) return this.token.value;
    // Concurrent callers share one authentication round trip.
    this.pending ??= this.authenticate()
      .then((t) => t.access_token)
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  protected async call<S extends z.ZodType>(method: string, path: string, schema: S, body?: Body, auth = true): Promise<z.infer<S>> {
    return (await this.exchange(method, path, schema, body, auth)).data;
  }

  /** `call` with the response's headers (paging cursors travel in them). */
  protected async exchange<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body?: Body,
    auth = true,
  ): Promise<{ data: z.infer<S>; headers: Headers }> {
    let response = await this.send(method, path, body, auth ? await this.bearer() : undefined);
    if (auth && response.status === 401) {
      // The token may have been revoked or expired early: renew once, then give up.
      await response.body?.cancel();
      this.token = null;
      response = await this.send(method, path, body, await this.bearer());
    }
    return { data: await this.parse(response, schema), headers: response.headers };
  }

  private async send(method: string, path: string, body: Body, token?: string): Promise<Response> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body && "json" in body) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body.json);
    } else if (body) {
      payload = body.form;
    }
    try {
      return await this.fetchImpl(this.baseUrl + path, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new ServiceUnavailableError(`${method} ${path} failed: ${(error as Error).message}`, { cause: error });
    }
  }

  private async parse<S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S>> {
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ServiceProtocolError(`Expected JSON from the service (HTTP ${response.status}), got: ${text.slice(0, 200)}`);
    }
    if (!response.ok) {
      const error = errorSchema.safeParse(data);
      throw new ServiceApiError(error.success ? error.data : { status_code: response.status, message: `HTTP ${response.status}` });
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ServiceProtocolError(`Unexpected answer shape: ${parsed.error.message}`);
    return parsed.data;
  }
}

function toRiskFormData(form: RiskForm): FormData {
  const data = new FormData();
  for (const key of ["first_name", "last_name", "email", "date_of_birth", "phone"] as const) {
    const value = form[key];
    if (value !== undefined) data.set(key, value);
  }
  // spec 2.5: the structured fields travel as JSON inside form fields.
  if (form.enrichments) data.set("enrichments", JSON.stringify(form.enrichments));
  if (form.address) data.set("address", JSON.stringify(form.address));
  if (form.thresholds) data.set("thresholds", JSON.stringify(form.thresholds));
  if (form.face_scan) {
    const name =
      form.face_scan instanceof File && form.face_scan.name
        ? form.face_scan.name
        : form.face_scan.type === "image/png"
          ? "face.png"
          : "face.jpg";
    data.set("face_scan", form.face_scan, name);
  }
  return data;
}
