// Security headers (issue 15) on the pages Next renders — through the real proxy.ts and the real
// next.config.mjs rules, matched the way Next matches them — and on every kind of API answer.
import path from "node:path";
import type { NextConfig } from "next";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "@/lib/db";
import { addStaffMember } from "@/lib/server/teams/add-staff-member";
import { forgetFrameAncestors } from "@/lib/server/security/hosted-frame-ancestors";
import { getEmbedSettings } from "@/lib/server/security/get-embed-settings";
import { updateEmbedSettings } from "@/lib/server/security/update-embed-settings";
import { config as proxyConfig, proxy } from "@/proxy";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

const ORIGIN = "http://idv.test";
// The real file the server loads (it has no type declarations of its own).
const nextConfigFile = path.join(import.meta.dirname, "../../next.config.mjs");
let nextConfig: NextConfig;

/** Every header a browser would get for a page: next.config's rules plus what the proxy adds. */
async function pageHeaders(path: string, init: { https?: boolean } = {}): Promise<Headers> {
  const url = `${init.https ? "https://idv.test" : ORIGIN}${path}`;
  expect(unstable_doesMiddlewareMatch({ config: proxyConfig, url }), `proxy runs on ${path}`).toBe(true);
  const fromConfig = await unstable_getResponseFromNextConfig({ url, nextConfig });
  // Exactly one policy: a second one from next.config would be enforced too (the stricter wins).
  expect(fromConfig.headers.get("content-security-policy"), path).toBeNull();
  const fromProxy = await proxy(new NextRequest(url));
  const headers = new Headers(fromConfig.headers);
  fromProxy.headers.forEach((value, name) => {
    if (!name.startsWith("x-middleware-")) headers.set(name, value);
  });
  // Next reads the nonce from the request's CSP header, which the proxy forwards.
  headers.set("forwarded-csp", fromProxy.headers.get("x-middleware-request-content-security-policy") ?? "");
  headers.set("forwarded-nonce", fromProxy.headers.get("x-middleware-request-x-nonce") ?? "");
  return headers;
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describeEngines("security headers (%s)", (engine) => {
  let database: TestDatabase;
  let app: TestApi;
  let seeded: Awaited<ReturnType<typeof seedTeam>>;
  let liveToken: string;
  let hostedToken: string;
  let ownerId: string;

  beforeAll(async () => {
    nextConfig = ((await import(/* @vite-ignore */ nextConfigFile)) as { default: NextConfig }).default;
    database = await createTestDatabase(engine);
    setDatabase(database);
    app = createTestApi(database.db);
    seeded = await seedTeam(database.db, "Framing Co");
    liveToken = await tokenFor(app, seeded.live);
    const created = await call(app, "POST", "/api/v2/verifications", {
      token: liveToken,
      json: { email: "frame@example.com", workflow_id: "sandbox-flow" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    hostedToken = new URL(created.body.url as string).pathname.split("/").pop()!;
    const owner = await addStaffMember(database.db, {
      teamId: seeded.team.id,
      email: "owner@framing.test",
      role: "owner",
      actor: { type: "system" },
    });
    if (!owner.ok) throw new Error(owner.error.message);
    ownerId = owner.value.userId;
  });
  afterAll(async () => {
    forgetFrameAncestors();
    await database.dispose();
  });

  for (const path of ["/console", "/console/sign-in", "/console/cases/ver_123", "/signup", "/docs", "/"]) {
    it(`${path}: a nonce policy for scripts, never framed, not sniffed, a referrer policy`, async () => {
      const headers = await pageHeaders(path);
      const policy = headers.get("content-security-policy")!;
      const csp = directives(policy);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
      expect(nonce && nonce.length).toBeGreaterThanOrEqual(22);
      expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
      expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(headers.get("x-frame-options")).toBe("DENY");
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(headers.get("permissions-policy")).toContain("camera=()");
      expect(headers.get("strict-transport-security")).toBeNull(); // plain http: HSTS means nothing there
      expect(headers.get("forwarded-nonce")).toBe(nonce);
      expect(headers.get("forwarded-csp")).toBe(policy);
    });
  }

  it("a fresh nonce on every request", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add((await pageHeaders("/console")).get("forwarded-nonce")!);
    expect(nonces.size).toBe(5);
  });

  it("console forms post only here", async () => {
    expect(directives((await pageHeaders("/console/settings")).get("content-security-policy")!).get("form-action")).toEqual(["'self'"]);
  });

  it("over https: HSTS for a year and insecure requests upgraded", async () => {
    const headers = await pageHeaders("/console", { https: true });
    expect(headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(directives(headers.get("content-security-policy")!).has("upgrade-insecure-requests")).toBe(true);
  });

  it("/verify/{token}: what the capture pages need (camera previews, captured frames), no referrer, the camera for itself only", async () => {
    const headers = await pageHeaders(`/verify/${hostedToken}`);
    const csp = directives(headers.get("content-security-policy")!);
    expect(csp.get("img-src")).toEqual(["'self'", "blob:", "data:"]);
    expect(csp.get("media-src")).toEqual(["'self'", "blob:", "mediastream:"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    expect(headers.get("permissions-policy")).toContain("camera=(self)");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    // No team setting yet: never framed.
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(headers.get("x-frame-options")).toBe("DENY");
  });

  it("/verify/{token}: framed only by the origins its team allows for that mode, and only the page itself", async () => {
    const saved = await updateEmbedSettings(database.db, {
      tenant: { teamId: seeded.team.id, mode: "live" },
      staff: { userId: ownerId },
      frameAncestors: "https://App.Example.com/\nhttps://*.partner.example , http://localhost:5173",
    });
    expect(saved).toEqual({
      ok: true,
      value: { frameAncestors: ["https://app.example.com", "https://*.partner.example", "http://localhost:5173"] },
    });
    const headers = await pageHeaders(`/verify/${hostedToken}`);
    expect(directives(headers.get("content-security-policy")!).get("frame-ancestors")).toEqual([
      "https://app.example.com",
      "https://*.partner.example",
      "http://localhost:5173",
    ]);
    expect(headers.get("x-frame-options")).toBeNull(); // it cannot name origins; CSP decides
    // The sandbox mode of the same team allows nothing; the console is still never framed.
    expect(await getEmbedSettings(database.db, { teamId: seeded.team.id, mode: "sandbox" })).toEqual({ frameAncestors: [] });
    expect(directives((await pageHeaders("/console")).get("content-security-policy")!).get("frame-ancestors")).toEqual(["'none'"]);
    expect(
      directives((await pageHeaders(`/verify/${hostedToken}/progress`)).get("content-security-policy")!).get("frame-ancestors"),
    ).toEqual(["'none'"]);
    // An unknown token is never framed.
    expect(directives((await pageHeaders(`/verify/${"x".repeat(32)}`)).get("content-security-policy")!).get("frame-ancestors")).toEqual([
      "'none'",
    ]);
  });

  it("refuses anything but origins (a header cannot be injected through the setting)", async () => {
    const tenant = { teamId: seeded.team.id, mode: "live" as const };
    for (const bad of [
      "https://a.example; script-src *",
      "'self'",
      "*",
      "https://a.example/path",
      "http://a.example",
      "javascript:alert(1)",
      "https://*",
      "https://a.example:99999",
    ]) {
      const result = await updateEmbedSettings(database.db, { tenant, staff: { userId: ownerId }, frameAncestors: bad });
      expect(result.ok, bad).toBe(false);
    }
    const many = Array.from({ length: 11 }, (_, i) => `https://s${i}.example`).join("\n");
    expect((await updateEmbedSettings(database.db, { tenant, staff: { userId: ownerId }, frameAncestors: many })).ok).toBe(false);
  });

  it("a viewer may not change it; another team's member is told it does not exist", async () => {
    const viewer = await addStaffMember(database.db, {
      teamId: seeded.team.id,
      email: "viewer@framing.test",
      role: "viewer",
      actor: { type: "system" },
    });
    if (!viewer.ok) throw new Error(viewer.error.message);
    const denied = await updateEmbedSettings(database.db, {
      tenant: { teamId: seeded.team.id, mode: "live" },
      staff: { userId: viewer.value.userId },
      frameAncestors: "https://evil.example",
    });
    expect(denied.ok ? null : denied.error.kind).toBe("forbidden");
    const other = await seedTeam(database.db, "Other Co");
    const outsider = await updateEmbedSettings(database.db, {
      tenant: { teamId: other.team.id, mode: "live" },
      staff: { userId: ownerId },
      frameAncestors: "https://evil.example",
    });
    expect(outsider.ok ? null : outsider.error.kind).toBe("not_found");
  });

  it("the proxy leaves static files and the raw-image routes (their own default-src 'none') alone, and skips prefetches", () => {
    for (const path of [
      "/_next/static/chunks/app.js",
      "/_next/image?url=x",
      "/favicon.svg",
      "/console/evidence/evd_1",
      `/verify/${hostedToken}/person-photo`,
      "/api/v1/health",
      "/api/auth/session",
    ]) {
      expect(unstable_doesMiddlewareMatch({ config: proxyConfig, url: `${ORIGIN}${path}` }), path).toBe(false);
    }
    expect(unstable_doesMiddlewareMatch({ config: proxyConfig, url: `${ORIGIN}/console`, headers: { "next-router-prefetch": "1" } })).toBe(
      false,
    );
  });

  describe("the API", () => {
    const expectApiHeaders = (headers: Headers, label: string) => {
      expect(headers.get("x-content-type-options"), label).toBe("nosniff");
      expect(headers.get("x-frame-options"), label).toBe("DENY");
      expect(headers.get("content-security-policy"), label).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers.get("referrer-policy"), label).toBe("no-referrer");
    };

    it("every kind of answer: success, 400, 401, 404, the OpenAPI document", async () => {
      expectApiHeaders((await call(app, "GET", "/api/v1/health")).headers, "health");
      expectApiHeaders((await call(app, "POST", "/api/v2/authenticate", { json: {} })).headers, "400");
      expectApiHeaders((await call(app, "GET", "/api/v2/verifications/ver_nope")).headers, "401");
      expectApiHeaders((await call(app, "GET", "/api/v2/verifications/ver_nope", { token: liveToken })).headers, "404");
      expectApiHeaders((await call(app, "GET", "/api/v1/no-such-route", { token: liveToken })).headers, "no route");
      expectApiHeaders((await call(app, "GET", "/api/openapi.json")).headers, "openapi");
      expect((await call(app, "GET", "/api/v1/health")).headers.get("strict-transport-security")).toBeNull();
    });

    it("HSTS when served over https", async () => {
      const viaProxy = await call(app, "GET", "/api/v1/health", { headers: { "x-forwarded-proto": "https" } });
      expect(viaProxy.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const direct = await app.request("https://idv.test/api/v1/health");
      expect(direct.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    });
  });
});
