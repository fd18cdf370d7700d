import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { buildOpenApiDocument } from "@/lib/server/http/app";

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

/**
 * Validates real responses against the served OpenAPI document (not against the zod schemas it
 * was generated from), so a drift between what the API answers and what it documents fails.
 */
export function createDocumentChecker() {
  const doc = buildOpenApiDocument("http://idv.test") as unknown as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc as object, "openapi.json");
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    regex: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));
  const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
  const covered = new Set<string>();

  return {
    /** Throws with the validation errors when the body does not match the documented response. */
    check(method: string, url: string, status: number, body: unknown): void {
      const path = url.split("?")[0]!;
      const match = templates.find((t) => t.regex.test(path) && doc.paths[t.template]![method.toLowerCase()]);
      if (!match) throw new Error(`${method} ${path} is not in the OpenAPI document`);
      const operation = doc.paths[match.template]![method.toLowerCase()]!;
      const response = operation.responses[String(status)];
      if (!response) throw new Error(`${method} ${match.template} answered ${status}, which the document does not list`);
      const content = response.content?.["application/json"];
      // A file download (artefacts): documented as binary, answered as bytes rather than JSON.
      if (!content && response.content?.["application/octet-stream"] && typeof body === "string") {
        covered.add(`${method.toUpperCase()} ${match.template}`);
        return;
      }
      if (!content?.schema) throw new Error(`${method} ${match.template} ${status} has no JSON schema in the document`);
      const ref = `openapi.json#/${pointer("paths", match.template, method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`;
      const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
      if (!validate(body)) {
        throw new Error(
          `${method} ${path} ${status} does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
        );
      }
      covered.add(`${method.toUpperCase()} ${match.template}`);
    },
    /** Operations of the document that no checked response exercised. */
    uncovered(): string[] {
      return Object.entries(doc.paths).flatMap(([template, ops]) =>
        Object.keys(ops)
          .map((m) => `${m.toUpperCase()} ${template}`)
          .filter((key) => !covered.has(key)),
      );
    },
  };
}
