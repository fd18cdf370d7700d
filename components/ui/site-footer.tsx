import { focusRing } from "./focus";

export function SiteFooter({ version }: { version: string }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>Verity {version} · self-hosted identity verification and fraud risk</p>
        <p>
          <a href="/api/openapi.json" className={`text-slate-700 underline underline-offset-2 hover:text-slate-900 ${focusRing}`}>
            OpenAPI 3.1 document
          </a>
        </p>
      </div>
    </footer>
  );
}
