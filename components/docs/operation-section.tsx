import { focusRing } from "@/components/ui/focus";
import { MethodBadge, Pill, StatusBadge } from "./badges";
import { CodeBlock } from "./code-block";
import { curlExample } from "./curl-example";
import fields from "./fields.module.css";
import { InlineText, PathText } from "./inline-text";
import {
  effectiveSecurity,
  mergeAllOf,
  resolveRequestBody,
  resolveResponse,
  resolveSchema,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
} from "./openapi";
import { SchemaFacts, TypeLabel } from "./schema-parts";
import { SchemaView } from "./schema-view";

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <p key={i} className="max-w-3xl text-slate-700">
            <InlineText text={p} />
          </p>
        ))}
    </>
  );
}

function SubHeading({ children }: { children: React.ReactNode }) {
  return <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{children}</h4>;
}

function SecurityNote({ doc, entry }: { doc: OpenApiDocument; entry: OperationEntry }) {
  const requirements = effectiveSecurity(doc, entry.operation).filter((req) => Object.keys(req).length > 0);
  // An empty requirement object ({}) in the list means "or no auth at all".
  const optional = effectiveSecurity(doc, entry.operation).some((req) => Object.keys(req).length === 0);
  if (requirements.length === 0) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Pill tone="slate">Public</Pill>
        No access token needed.
      </p>
    );
  }
  const schemes = doc.components?.securitySchemes ?? {};
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <Pill tone="brand">{optional ? "Auth optional" : "Auth required"}</Pill>
      {requirements.map((req, i) => (
        <span key={i}>
          {Object.keys(req).map((name) => {
            const scheme = schemes[name];
            const kind = scheme?.type === "http" && scheme.scheme?.toLowerCase() === "bearer" ? "Bearer token" : (scheme?.type ?? name);
            return (
              <span key={name}>
                {kind}
                {scheme?.description ? (
                  <>
                    {" "}
                    — <InlineText text={scheme.description} />
                  </>
                ) : null}
              </span>
            );
          })}
        </span>
      ))}
    </div>
  );
}

function ParametersTable({ doc, parameters, caption }: { doc: OpenApiDocument; parameters: Parameter[]; caption: string }) {
  return (
    <div className={fields.frame}>
      <table className={fields.table}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={fields.colName}>
              Name
            </th>
            <th scope="col" className={`${fields.wide} ${fields.colType}`}>
              Type
            </th>
            <th scope="col" className={fields.wide}>
              Description
            </th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((p) => {
            const schema = p.schema ?? {};
            const resolved = mergeAllOf(doc, resolveSchema(doc, schema));
            // The parameter's own description and example take precedence over its schema's.
            const own = { ...schema, description: p.description ?? schema.description, example: p.example ?? schema.example };
            const type = <TypeLabel doc={doc} schema={schema} />;
            const facts = <SchemaFacts schema={own} resolved={resolved} />;
            return (
              <tr key={`${p.in}:${p.name}`}>
                <th scope="row">
                  <span className={fields.name}>{p.name}</span>
                  <div className="mt-1 flex flex-wrap gap-1">
                    <Pill tone="slate">in {p.in}</Pill>
                    {p.required ? <span className={fields.required}>required</span> : null}
                    {p.deprecated ? <span className={fields.deprecated}>deprecated</span> : null}
                  </div>
                  {/* Phones: one column, so type and description sit under the name. */}
                  <div className={fields.narrow}>
                    <div className={fields.type}>{type}</div>
                    {facts}
                  </div>
                </th>
                <td className={`${fields.wide} ${fields.type}`}>{type}</td>
                <td className={fields.wide}>{facts}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** One operation of the API: what it does, who may call it, what it takes and what it answers. */
export function OperationSection({ doc, entry }: { doc: OpenApiDocument; entry: OperationEntry }) {
  const { operation, method, path } = entry;
  const titleId = `${entry.id}-title`;
  const label = `${method.toUpperCase()} ${path}`;
  const body = operation.requestBody ? resolveRequestBody(doc, operation.requestBody) : undefined;
  const responses = Object.entries(operation.responses ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const firstSuccess = responses.find(([code]) => code.startsWith("2"))?.[0];

  return (
    <article
      id={entry.id}
      aria-labelledby={titleId}
      className="scroll-mt-4 space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <header className="space-y-3">
        <h3 id={titleId} className="text-lg font-semibold text-slate-900">
          <a href={`#${entry.id}`} className={`hover:underline ${focusRing}`}>
            {operation.summary ?? label}
          </a>
        </h3>
        <div className="flex min-w-0 items-start gap-2 rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200">
          <MethodBadge method={method} />
          <code className="min-w-0 break-words pt-0.5 font-mono text-sm text-slate-900">
            <PathText path={path} />
          </code>
        </div>
        {operation.deprecated ? <Pill tone="amber">deprecated</Pill> : null}
        <SecurityNote doc={doc} entry={entry} />
        {operation.description ? <Paragraphs text={operation.description} /> : null}
      </header>

      {entry.parameters.length > 0 ? (
        <div className="space-y-2">
          <SubHeading>Parameters</SubHeading>
          <ParametersTable doc={doc} parameters={entry.parameters} caption={`Parameters of ${label}`} />
        </div>
      ) : null}

      {body ? (
        <div className="space-y-2">
          <SubHeading>Request body</SubHeading>
          {body.description ? <Paragraphs text={body.description} /> : null}
          {Object.entries(body.content ?? {}).map(([mediaType, media]) => (
            <div key={mediaType} className="space-y-2">
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <code className="font-mono text-[0.8rem] text-slate-800">{mediaType}</code>
                {body.required ? <Pill tone="red">required</Pill> : <Pill>optional</Pill>}
              </p>
              {media.schema ? <SchemaView doc={doc} schema={media.schema} caption={`Request body fields of ${label}`} /> : null}
            </div>
          ))}
        </div>
      ) : null}

      <div className="space-y-2">
        <SubHeading>Responses</SubHeading>
        <div className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200">
          {responses.map(([code, raw]) => {
            const response = resolveResponse(doc, raw);
            const contents = Object.entries(response.content ?? {});
            return (
              <details key={code} open={code === firstSuccess} className="group bg-white">
                <summary
                  className={`flex cursor-pointer list-none items-start gap-3 px-3 py-2.5 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden`}
                >
                  <span
                    aria-hidden="true"
                    className="mt-1 inline-block h-2 w-2 shrink-0 rotate-[-45deg] border-b-2 border-r-2 border-slate-600 transition-transform group-open:rotate-45"
                  />
                  <StatusBadge code={code} />
                  <span className="min-w-0 text-slate-800">
                    <InlineText text={response.description ?? ""} />
                  </span>
                </summary>
                <div className="space-y-3 border-t border-slate-100 px-3 pb-4 pt-3 sm:px-4">
                  {contents.length === 0 ? <p className="text-sm text-slate-700">No response body.</p> : null}
                  {contents.map(([mediaType, media]) => (
                    <div key={mediaType} className="space-y-2">
                      <p className="text-sm text-slate-700">
                        <code className="font-mono text-[0.8rem] text-slate-800">{mediaType}</code>
                      </p>
                      {media.schema ? (
                        <SchemaView doc={doc} schema={media.schema} caption={`Fields of the ${code} response of ${label}`} />
                      ) : null}
                    </div>
                  ))}
                </div>
              </details>
            );
          })}
        </div>
      </div>

      <div className="space-y-2">
        <SubHeading>Example request</SubHeading>
        <CodeBlock code={curlExample(doc, entry)} />
      </div>
    </article>
  );
}
