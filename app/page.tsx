import type { Metadata } from "next";
import Link from "next/link";
import { focusRing } from "@/components/ui/focus";
import { LinkCard } from "@/components/ui/link-card";
import { SiteFooter } from "@/components/ui/site-footer";
import { SiteHeader } from "@/components/ui/site-header";
import { APP_VERSION } from "@/lib/version";

export const metadata: Metadata = { icons: { icon: "/favicon.svg" } };

const FEATURES: { title: string; text: React.ReactNode; icon: string }[] = [
  {
    title: "Verification cases",
    text: "Open a case with one API call and send the person to the hosted flow: document capture, face match and liveness, then back to your redirect URL.",
    icon: "M15 9h3.75M15 12h3.75M15 15h3.75M4.5 19.5h15a2.25 2.25 0 0 0 2.25-2.25V6.75A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25v10.5A2.25 2.25 0 0 0 4.5 19.5Zm6-10.125a1.875 1.875 0 1 1-3.75 0 1.875 1.875 0 0 1 3.75 0Zm1.294 6.336a6.721 6.721 0 0 1-3.17.789 6.721 6.721 0 0 1-3.168-.789 3.376 3.376 0 0 1 6.338 0Z",
  },
  {
    title: "Fraud-risk assessment",
    text: "A fraud-signal engine over network data, with enrichments for AML screening, online footprint, credit bureau and the national fraud database, scored 0–100 with reasons.",
    icon: "M9 12.75 11.25 15 15 9.75m-3-7.036A11.959 11.959 0 0 1 3.598 6 11.99 11.99 0 0 0 3 9.749c0 5.592 3.824 10.29 9 11.623 5.176-1.332 9-6.03 9-11.622 0-1.31-.21-2.571-.598-3.751h-.152c-3.196 0-6.1-1.248-8.25-3.285Z",
  },
  {
    title: "Postcode lookup",
    text: "Turn a postcode into a list of addresses so forms can offer a picker instead of free text.",
    icon: "M15 10.5a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z M19.5 10.5c0 7.142-7.5 11.25-7.5 11.25S4.5 17.642 4.5 10.5a7.5 7.5 0 1 1 15 0Z",
  },
  {
    title: "Monitored accounts and alerts",
    text: "Keep people under ongoing AML monitoring and raise alerts when a sanctions or PEP list changes their result.",
    icon: "M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0",
  },
  {
    title: "Signed webhooks",
    text: "Every state change is delivered as a Standard Webhooks POST signed with HMAC-SHA256, retried with backoff and replayable from the console.",
    icon: "M13.19 8.688a4.5 4.5 0 0 1 1.242 7.244l-4.5 4.5a4.5 4.5 0 0 1-6.364-6.364l1.757-1.757m13.35-.622 1.757-1.757a4.5 4.5 0 0 0-6.364-6.364l-4.5 4.5a4.5 4.5 0 0 0 1.242 7.244",
  },
  {
    title: "Sandbox mode",
    text: (
      <>
        Client secrets starting with <code className="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-800">sandbox-</code> get
        sandbox tokens: the same validation, canned answers, no real messages and nothing billed.
      </>
    ),
    icon: "M9.75 3.104v5.714a2.25 2.25 0 0 1-.659 1.591L5 14.5M9.75 3.104c-.251.023-.501.05-.75.082m.75-.082a24.301 24.301 0 0 1 4.5 0m0 0v5.714c0 .597.237 1.17.659 1.591L19.8 15.3M14.25 3.104c.251.023.501.05.75.082M19.8 15.3l-1.57.393A9.065 9.065 0 0 1 12 15a9.065 9.065 0 0 0-6.23-.693L5 14.5m14.8.8 1.402 1.402c1.232 1.232.65 3.318-1.067 3.611A48.309 48.309 0 0 1 12 21c-2.773 0-5.491-.235-8.135-.687-1.718-.293-2.3-2.379-1.067-3.61L5 14.5",
  },
];

const QUICK_START = `# 1. Exchange client credentials for a token
curl -X POST "$BASE/api/v2/authenticate" \\
  -H 'Content-Type: application/json' \\
  -d '{"client_id":"<id>",
       "client_secret":"sandbox-<secret>"}'

# 2. Open a verification case
curl -X POST "$BASE/api/v2/verifications" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H 'Content-Type: application/json' \\
  -d '{"email":"jane@example.com","workflow_id":"sandbox-flow"}'

# 3. Send the person to the returned url`;

function FeatureIcon({ path }: { path: string }) {
  return (
    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.6}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className="h-5 w-5"
      >
        <path d={path} />
      </svg>
    </span>
  );
}

// GET / – what the platform is, and where to go next
export default function Home() {
  return (
    <>
      <SiteHeader current="home" />
      <main id="main">
        <section className="border-b border-slate-200 bg-white">
          <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:items-center lg:px-8 lg:py-20">
            <div className="space-y-6">
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
                Self-hosted identity verification and fraud risk
              </p>
              <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Verity</h1>
              <p className="max-w-2xl text-base leading-relaxed text-slate-700 sm:text-lg">
                Verity is an identity-verification and fraud-risk platform you run on your own infrastructure. Your code opens verification
                cases through a REST API and sends people to a hosted flow that captures their document and face; a fraud-risk endpoint runs
                a fraud-signal engine with enrichments for AML screening, online footprint, credit bureau and the national fraud database.
                It also offers postcode lookup, monitored accounts with alerts, signed webhooks for every state change, and a sandbox mode
                with canned answers for building and testing your integration.
              </p>
              <div className="flex flex-wrap gap-3">
                <Link
                  href="/docs"
                  className={`inline-flex items-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 ${focusRing}`}
                >
                  Read the API reference
                </Link>
                <Link
                  href="/console"
                  className={`inline-flex items-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 ${focusRing}`}
                >
                  Open the staff console
                </Link>
              </div>
            </div>
            <figure className="min-w-0 overflow-hidden rounded-xl bg-slate-900 shadow-lg ring-1 ring-slate-900/10">
              <figcaption className="border-b border-slate-700 px-4 py-2.5 text-xs font-medium text-slate-300">Quick start</figcaption>
              <pre className="whitespace-pre-wrap p-4 font-mono text-[0.72rem] leading-relaxed sm:text-[0.8rem] text-slate-100 [overflow-wrap:anywhere]">
                <code>{QUICK_START}</code>
              </pre>
            </figure>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <h2 id="features-title" className="text-2xl font-semibold tracking-tight text-slate-900">
            What the platform does
          </h2>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <FeatureIcon path={feature.icon} />
                <div>
                  <h3 className="text-base font-semibold text-slate-900">{feature.title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-700">{feature.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="next-title" className="border-t border-slate-200 bg-white">
          <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
            <h2 id="next-title" className="text-2xl font-semibold tracking-tight text-slate-900">
              Where to go next
            </h2>
            <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
              <li>
                <LinkCard
                  href="/docs"
                  title="API reference"
                  description="Every endpoint with its parameters, request and response schemas, and a curl example."
                />
              </li>
              <li>
                <LinkCard
                  href="/api/openapi.json"
                  external
                  title="OpenAPI document"
                  description="The machine-readable OpenAPI 3.1 description, for generating clients or importing into your tools."
                />
              </li>
              <li>
                <LinkCard
                  href="/console"
                  title="Staff console"
                  description="Review cases, follow risk assessments and alerts, replay webhooks and manage API keys."
                />
              </li>
              <li>
                <LinkCard
                  href="/signup"
                  title="Onboarding demo"
                  description="A sample customer sign-up that uses the API as a client: verification, risk check and postcode picker."
                />
              </li>
            </ul>
          </div>
        </section>
      </main>
      <SiteFooter version={APP_VERSION} />
    </>
  );
}
