import { focusRing } from "@/components/ui/focus";
import { Pill } from "./badges";
import { CodeBlock } from "./code-block";
import { DocsNav } from "./docs-nav";
import { InlineText } from "./inline-text";
import { groupOperations, schemaAnchor, type OpenApiDocument } from "./openapi";
import { OperationSection } from "./operation-section";
import { SchemaView } from "./schema-view";

const proseLink = `font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 ${focusRing}`;

function InlineCode({ children }: { children: React.ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800 [overflow-wrap:anywhere]">{children}</code>
  );
}

function Intro({ doc, hasErrorSchema }: { doc: OpenApiDocument; hasErrorSchema: boolean }) {
  const base = (doc.servers?.[0]?.url ?? "").replace(/\/+$/, "");
  const schemes = Object.entries(doc.components?.securitySchemes ?? {});
  const authCurl = [
    `curl -X POST '${base}/api/v2/authenticate'`,
    `-H 'Content-Type: application/json'`,
    `-d '{"client_id": "<client_id>", "client_secret": "sandbox-<secret>"}'`,
  ].join(" \\\n  ");
  const callCurl = `curl '${base}/api/v2/verifications/<id>' \\\n  -H "Authorization: Bearer $TOKEN"`;

  return (
    <>
      <section id="introduction" className="scroll-mt-4 space-y-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">API reference</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{doc.info?.title ?? "API reference"}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {doc.info?.version ? <Pill tone="brand">version {doc.info.version}</Pill> : null}
          {doc.openapi ? <Pill>OpenAPI {doc.openapi}</Pill> : null}
          <a href="/api/openapi.json" className={proseLink}>
            Download the OpenAPI document
          </a>
        </div>
        {doc.info?.description ? (
          <p className="max-w-3xl text-base leading-relaxed text-slate-700">
            <InlineText text={doc.info.description} />
          </p>
        ) : null}
        {base ? (
          <p className="text-sm text-slate-700">
            Base URL <InlineCode>{base}</InlineCode>
          </p>
        ) : null}
      </section>

      <section id="authentication" className="scroll-mt-4 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-xl font-semibold text-slate-900">Authentication and modes</h2>
        <ol className="max-w-3xl list-decimal space-y-2 pl-5 text-slate-700 marker:font-semibold marker:text-slate-700">
          <li>
            Exchange your team&apos;s client credentials for an access token with <InlineCode>POST /api/v2/authenticate</InlineCode>. The
            answer holds <InlineCode>access_token</InlineCode> and <InlineCode>expires_at</InlineCode>; a token lasts at most 24 hours.
          </li>
          <li>
            Send it as <InlineCode>Authorization: Bearer &lt;access_token&gt;</InlineCode> on every other call. A missing, invalid or
            expired token is answered with <InlineCode>401</InlineCode>: authenticate again and retry.
          </li>
        </ol>
        <CodeBlock code={authCurl} />
        <CodeBlock code={callCurl} />
        <div className="max-w-3xl space-y-2 text-slate-700">
          <h3 className="text-base font-semibold text-slate-900">Live and sandbox</h3>
          <p>
            A client secret starting <InlineCode>sandbox-</InlineCode> yields a <strong>sandbox</strong> token. Requests are validated
            exactly as in live mode, then answered from canned records: no real messages are sent and nothing is billed. Live and sandbox
            data are kept apart, so a resource created with one kind of token is not found with the other.
          </p>
          <h3 className="text-base font-semibold text-slate-900">Errors</h3>
          <p>
            Every error has the same shape: <InlineCode>status_code</InlineCode>, <InlineCode>message</InlineCode> and, for invalid input (
            <InlineCode>400</InlineCode>), <InlineCode>error_detail</InlineCode> keyed by field path.
            {hasErrorSchema ? (
              <>
                {" "}
                See the{" "}
                <a href={`#${schemaAnchor("Error")}`} className={proseLink}>
                  Error schema
                </a>
                .
              </>
            ) : null}{" "}
            Resources of another team or mode are answered with <InlineCode>404</InlineCode>.
          </p>
          {schemes.length > 0 ? (
            <>
              <h3 className="text-base font-semibold text-slate-900">Security schemes</h3>
              <ul className="list-disc space-y-1 pl-5">
                {schemes.map(([name, scheme]) => (
                  <li key={name}>
                    <InlineCode>{name}</InlineCode>: {scheme.type === "http" ? `HTTP ${scheme.scheme ?? ""}` : scheme.type}
                    {scheme.description ? (
                      <>
                        {" "}
                        — <InlineText text={scheme.description} />
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </section>
    </>
  );
}

/** The whole reference, rendered from the OpenAPI document alone. */
export function ApiReference({ doc }: { doc: OpenApiDocument }) {
  const groups = groupOperations(doc);
  const schemas = Object.entries(doc.components?.schemas ?? {});
  const schemaNames = schemas.map(([name]) => name);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10 lg:px-8">
      {/* Phone and tablet: the contents fold above the page. Desktop: a sticky sidebar. */}
      <nav aria-label="API reference contents" className="pt-4 lg:hidden">
        <details className="group rounded-lg border border-slate-200 bg-white shadow-sm">
          <summary className="flex cursor-pointer list-none items-center justify-between rounded-lg px-4 py-3 text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
            Contents
            <span
              aria-hidden="true"
              className="inline-block h-2 w-2 rotate-45 border-b-2 border-r-2 border-slate-600 transition-transform group-open:-rotate-135"
            />
          </summary>
          <div className="max-h-[70vh] overflow-y-auto border-t border-slate-200 px-2 py-3">
            <DocsNav groups={groups} schemaNames={schemaNames} idPrefix="nav-m" />
          </div>
        </details>
      </nav>
      <nav aria-label="API reference contents" className="hidden lg:sticky lg:top-0 lg:block lg:max-h-screen lg:overflow-y-auto lg:py-8">
        <DocsNav groups={groups} schemaNames={schemaNames} idPrefix="nav-d" />
      </nav>

      <main id="main" className="min-w-0 space-y-12 py-8">
        <Intro doc={doc} hasErrorSchema={schemaNames.includes("Error")} />

        {groups.map((group) => (
          <section key={group.id} id={group.id} className="scroll-mt-4 space-y-5">
            <div className="space-y-1 border-b border-slate-200 pb-2">
              <h2 className="text-2xl font-semibold tracking-tight text-slate-900">{group.name}</h2>
              {group.description ? (
                <p className="text-slate-700">
                  <InlineText text={group.description} />
                </p>
              ) : null}
            </div>
            {group.operations.map((entry) => (
              <OperationSection key={entry.id} doc={doc} entry={entry} />
            ))}
          </section>
        ))}

        {schemas.length > 0 ? (
          <section id="schemas" className="scroll-mt-4 space-y-5">
            <div className="space-y-1 border-b border-slate-200 pb-2">
              <h2 className="text-2xl font-semibold tracking-tight text-slate-900">Schemas</h2>
              <p className="text-slate-700">The shapes referenced by the operations above.</p>
            </div>
            {schemas.map(([name, schema]) => (
              <div
                key={name}
                id={schemaAnchor(name)}
                className="scroll-mt-4 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
              >
                <h3 className="font-mono text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{name}</h3>
                <SchemaView doc={doc} schema={schema} caption={`Fields of ${name}`} />
              </div>
            ))}
          </section>
        ) : null}
      </main>
    </div>
  );
}
