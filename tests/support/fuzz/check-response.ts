import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenApiDocument, Operation } from "./operations";

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Judges one answer against the served document: never a 5xx; every 4xx in the one error shape
 * (wire-details: errors) with `status_code` equal to the HTTP status and a status the operation
 * documents; 429 with Retry-After; every success in the documented response schema. Returns the
 * problems found (none: the answer is right).
 */
export function responseChecker(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc as object, "openapi.json");
  const errorShape = ajv.compile({ $ref: "openapi.json#/components/schemas/Error" });
  const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();
  const successValidator = (op: Operation, status: number) => {
    const key = `${op.method} ${op.template} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile({
        $ref: `openapi.json#/${pointer("paths", op.template, op.method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`,
      });
      validators.set(key, validate);
    }
    return validate;
  };

  return function check(op: Operation | undefined, method: string, answer: Answer): string[] {
    const problems: string[] = [];
    const { status } = answer;
    // 501 is a deliberate 5xx: a document kind the real API lists and this deployment does not
    // read (PassCard, UnfamiliarPhotoId), answered where the operation documents it.
    // And 503 where a check says it cannot be performed on this deployment now, in its documented
    // code: no news corpus imported (adverse media), the eVisa service not answering.
    const deliberate =
      (status === 501 && op?.statuses.has(501)) ||
      (status === 503 && op?.statuses.has(503) && /"error_code":"(no_corpus|evisa_unavailable)"/.test(answer.text));
    if (status >= 500 && !deliberate) problems.push(`answered ${status}`);
    if (method === "HEAD") return problems; // no body to judge
    const type = answer.headers.get("content-type") ?? "";
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      problems.push(`answered ${status} with a body that is not JSON (content-type ${type || "none"}): ${answer.text.slice(0, 200)}`);
      return problems;
    }
    if (!/^application\/json\b/i.test(type)) problems.push(`answered ${status} with content-type ${type || "none"}`);
    if (status >= 400) {
      if (!errorShape(body)) problems.push(`${status} body is not the error shape: ${ajv.errorsText(errorShape.errors)}`);
      const statusCode = (body as { status_code?: unknown } | null)?.status_code;
      if (statusCode !== status) problems.push(`${status} body has status_code ${JSON.stringify(statusCode)}`);
      const message = (body as { message?: unknown } | null)?.message;
      if (typeof message !== "string" || message.length === 0) problems.push(`${status} body has no message`);
      if (op && !op.statuses.has(status))
        problems.push(`${status} is not documented for ${op.method} ${op.template} (documented: ${[...op.statuses].join(", ")})`);
      if (status === 429) {
        const retryAfter = Number(answer.headers.get("retry-after"));
        if (!(retryAfter >= 1) || (body as { retry_after_seconds?: unknown }).retry_after_seconds !== retryAfter)
          problems.push("429 without a matching Retry-After and retry_after_seconds");
      }
    } else if (status >= 200 && status < 300) {
      if (!op) problems.push(`answered ${status} for a request that matches no documented operation`);
      else if (!op.statuses.has(status)) problems.push(`${status} is not documented for ${op.method} ${op.template}`);
      else {
        const validate = successValidator(op, status);
        if (!validate(body)) problems.push(`${status} body does not match the document: ${ajv.errorsText(validate.errors).slice(0, 500)}`);
      }
    } else {
      problems.push(`answered ${status}`);
    }
    return problems;
  };
}
