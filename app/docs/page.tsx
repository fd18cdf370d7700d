import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";
import type { OpenApiDocument } from "@/components/docs/openapi";
import { SiteFooter } from "@/components/ui/site-footer";
import { SiteHeader } from "@/components/ui/site-header";
import { getConfig } from "@/lib/config";
import { buildOpenApiDocument } from "@/lib/server/http/app";
import { APP_VERSION } from "@/lib/version";

export const metadata: Metadata = {
  title: "API reference",
  description: "Endpoints, schemas and examples of the identity verification and fraud-risk API.",
  icons: { icon: "/favicon.svg" },
};

// Rendered per request so the base URL in the examples is the running server's PUBLIC_BASE_URL,
// not whatever the build machine had. Building the document is in-memory only: no database.
export const dynamic = "force-dynamic";

// GET /docs – the API reference, rendered from the same OpenAPI document /api/openapi.json serves
export default function DocsPage() {
  const doc: OpenApiDocument = buildOpenApiDocument(getConfig().publicBaseUrl);
  return (
    <>
      <SiteHeader current="docs" />
      <ApiReference doc={doc} />
      <SiteFooter version={APP_VERSION} />
    </>
  );
}
