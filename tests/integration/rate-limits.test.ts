// Rate limits (issue 15): 429 with Retry-After and `retry_after_seconds` (wire-details: errors),
// held in the database so every instance shares them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";
import { setDatabase } from "@/lib/db";
import { addStaffMember } from "@/lib/server/teams/add-staff-member";
import { verifyStaffPassword } from "@/lib/server/console/verify-staff-password";
import { createApiApp } from "@/lib/server/http/app";
import { clientIpOf, stampClientIp } from "@/lib/server/security/client-ip";
import { limitSignIn } from "@/lib/server/security/limit-sign-in";
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from "@/lib/server/security/rate-limit-settings";
import { takeUploadSlot } from "@/lib/server/security/take-upload-slot";
import { SignInDelayed, signInDelaySeconds } from "@/lib/auth/sign-in-delayed";
import { POST as postPhotoId } from "@/app/(hosted)/verify/[token]/photo-id/route";
import { BASE_URL, call, seedTeam, tokenFor } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

// Every limit past the first minute of this day, so windows start where the test expects.
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);

function apiWith(database: TestDatabase, clock: { now: number }, rateLimits: RateLimitSettings = DEFAULT_RATE_LIMITS) {
  return createApiApp({
    db: async () => database.db,
    publicBaseUrl: BASE_URL,
    tokenTtlSeconds: 3600,
    version: "test",
    webhookAllowLoopback: true,
    rateLimits,
    now: () => clock.now,
  });
}

const authenticate = (app: ReturnType<typeof apiWith>, clientId: string, clientSecret: string, ip?: string) =>
  call(app, "POST", "/api/v2/authenticate", {
    json: { client_id: clientId, client_secret: clientSecret },
    headers: ip ? { "x-verity-client-ip": ip } : {},
  });

function expectRateLimited(res: Awaited<ReturnType<typeof call>>, seconds?: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  expect(res.body).toMatchObject({ status_code: 429, retry_after_seconds: retryAfter, error_code: "rate_limited" });
  expect(typeof res.body.message).toBe("string");
  if (seconds !== undefined) expect(retryAfter).toBe(seconds);
}

describeEngines("rate limits (%s)", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    setDatabase(database);
  });
  afterAll(() => database.dispose());

  it("60 wrong secrets in a row: the first five are 401, then 429 with Retry-After; the wait doubles; the right secret waits too, then works and clears the count", async () => {
    const clock = { now: T0 };
    const app = apiWith(database, clock);
    const { live } = await seedTeam(database.db, "Guessed Co");
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await authenticate(app, live.clientId, `live-wrong-${i}`);
      statuses.push(res.status);
      if (res.status === 429) expectRateLimited(res, 1);
    }
    // Five free failures, the sixth is checked (and starts a 1 s wait), every try after it waits.
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual(Array(54).fill(429));
    // Even the right secret is not checked while the client id is waiting (guessing gets no answer).
    expectRateLimited(await authenticate(app, live.clientId, live.clientSecret), 1);
    clock.now += 1000;
    expect((await authenticate(app, live.clientId, "live-wrong-again")).status).toBe(401);
    expectRateLimited(await authenticate(app, live.clientId, live.clientSecret), 2); // 7th failure: 2 s
    clock.now += 2000;
    expect((await authenticate(app, live.clientId, "live-wrong-again")).status).toBe(401);
    expectRateLimited(await authenticate(app, live.clientId, live.clientSecret), 4); // 8th: 4 s
    clock.now += 4000;
    expect((await authenticate(app, live.clientId, live.clientSecret)).status).toBe(201);
    // The success cleared the count: five free failures again.
    for (let i = 0; i < 5; i++) expect((await authenticate(app, live.clientId, "live-wrong")).status).toBe(401);
  });

  it("the wait stops growing at the cap", async () => {
    const clock = { now: T0 };
    const app = apiWith(database, clock, { ...DEFAULT_RATE_LIMITS, failures: { perAccount: 1, perIp: 100, maxDelaySeconds: 10 } });
    const { live } = await seedTeam(database.db, "Capped Co");
    expect((await authenticate(app, live.clientId, "live-wrong")).status).toBe(401); // the free one
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      clock.now += 60_000; // past any wait: this failure is checked and counted
      expect((await authenticate(app, live.clientId, "live-wrong")).status).toBe(401);
      const probe = await authenticate(app, live.clientId, "live-wrong");
      expect(probe.status).toBe(429);
      waits.push(Number(probe.headers.get("retry-after")));
    }
    expect(waits).toEqual([1, 2, 4, 8, 10, 10, 10]);
  });

  it("per address: one address guessing many client ids is held back; other addresses and their clients are not", async () => {
    const clock = { now: T0 };
    const app = apiWith(database, clock);
    const { live } = await seedTeam(database.db, "Crowded Co");
    for (let i = 0; i < 21; i++) expect((await authenticate(app, `cli_unknown_${i}`, "live-x", "203.0.113.9")).status).toBe(401);
    // Past 20 failures from 203.0.113.9: even a real client from there waits.
    expectRateLimited(await authenticate(app, live.clientId, live.clientSecret, "203.0.113.9"), 1);
    expect((await authenticate(app, live.clientId, live.clientSecret, "198.51.100.7")).status).toBe(201);
    expect((await authenticate(app, live.clientId, live.clientSecret)).status).toBe(201);
  });

  it("a flood of wrong secrets for a client id from one address never delays its right secret from another address", async () => {
    const clock = { now: T0 };
    const app = apiWith(database, clock);
    const { live } = await seedTeam(database.db, "Known Id Co");
    const flooder = "203.0.113.50";
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await authenticate(app, live.clientId, `live-wrong-${i}`, flooder)).status);
    // The client id from the flooding address: five free failures, the sixth checked, then held.
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual(Array(34).fill(429));
    expectRateLimited(await authenticate(app, live.clientId, live.clientSecret, flooder));
    // The client's own server, elsewhere, gets its tokens at once, again and again.
    for (let i = 0; i < 3; i++) expect((await authenticate(app, live.clientId, live.clientSecret, "198.51.100.20")).status).toBe(201);
    // Its own mistakes still count against it from its own address.
    for (let i = 0; i < 6; i++) expect((await authenticate(app, live.clientId, "live-typo", "198.51.100.20")).status).toBe(401);
    expectRateLimited(await authenticate(app, live.clientId, live.clientSecret, "198.51.100.20"), 1);
  });

  it("a valid client under its limit is never limited, whatever others do; past it, 429 until the window ends", async () => {
    const clock = { now: T0 + 5_000 };
    const app = apiWith(database, clock, { ...DEFAULT_RATE_LIMITS, api: { limit: 40, windowSeconds: 60 } });
    const mine = await seedTeam(database.db, "Honest Co");
    const theirs = await seedTeam(database.db, "Noisy Co");
    // Another client exhausts its own budget and someone hammers this client's id with wrong secrets.
    const noisy = await tokenFor(app, theirs.live);
    for (let i = 0; i < 45; i++) await call(app, "GET", "/api/v1/coverage", { token: noisy });
    expectRateLimited(await call(app, "GET", "/api/v1/coverage", { token: noisy }), 55);
    for (let i = 0; i < 3; i++) expect((await authenticate(app, mine.live.clientId, "live-wrong", "192.0.2.66")).status).toBe(401);
    // This client: 10 tokens (successes never count as failures) and 40 calls, all answered.
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) tokens.push(await tokenFor(app, mine.live));
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) statuses.add((await call(app, "GET", "/api/v1/coverage", { token: tokens[i % tokens.length] })).status);
    expect([...statuses]).toEqual([200]);
    // The 41st in this minute: 429 for every token of the credential, with the seconds left.
    expectRateLimited(await call(app, "GET", "/api/v1/coverage", { token: tokens[0] }), 55);
    expectRateLimited(await call(app, "GET", "/api/v2/verifications/333", { token: tokens[3] }), 55);
    // The team's other credential (sandbox) has its own budget.
    expect((await call(app, "GET", "/api/v2/verifications/333", { token: await tokenFor(app, mine.sandbox) })).status).toBe(200);
    clock.now += 55_000;
    expect((await call(app, "GET", "/api/v1/coverage", { token: tokens[0] })).status).toBe(200);
  });

  it("instances share one count through the database", async () => {
    const clock = { now: T0 + 120_000 };
    const limits = { ...DEFAULT_RATE_LIMITS, api: { limit: 20, windowSeconds: 60 } };
    const [a, b] = [apiWith(database, clock, limits), apiWith(database, clock, limits)];
    const { live } = await seedTeam(database.db, "Scaled Co");
    const token = await tokenFor(a, live);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 400)); // past one batch interval (250 ms)
    for (let i = 0; i < 10; i++) expect((await call(a, "GET", "/api/v1/coverage", { token })).status).toBe(200);
    await settle();
    for (let i = 0; i < 10; i++) expect((await call(b, "GET", "/api/v1/coverage", { token })).status).toBe(200);
    await settle();
    expectRateLimited(await call(a, "GET", "/api/v1/coverage", { token }));
    expectRateLimited(await call(b, "GET", "/api/v1/coverage", { token }));
  });

  it("the OpenAPI document lists 429 on authentication and on every call made with a token", async () => {
    const doc = (await call(apiWith(database, { now: T0 }), "GET", "/api/openapi.json")).body as {
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method} ${path}`, op })),
    );
    for (const { name, op } of operations) {
      if (op.security?.length || name.endsWith("/authenticate")) expect(op.responses, name).toHaveProperty("429");
    }
  });

  it("hosted uploads: a link's uploads are limited before the body is read (429, Retry-After, retry_after_seconds)", async () => {
    const token = "UploadLimitTestToken_0123456789";
    const limit = { limit: 3, windowSeconds: 600 };
    for (let i = 0; i < 3; i++) expect(await takeUploadSlot(database.db, { token, limit, now: T0 })).toEqual({ allowed: true });
    expect(await takeUploadSlot(database.db, { token, limit, now: T0 + 60_000 })).toEqual({ allowed: false, retryAfterSeconds: 540 });
    expect(await takeUploadSlot(database.db, { token: `${token}x`, limit, now: T0 })).toEqual({ allowed: true });
    expect(await takeUploadSlot(database.db, { token, limit, now: T0 + 600_000 })).toEqual({ allowed: true });
    expect(await takeUploadSlot(database.db, { token, limit: null })).toEqual({ allowed: true });

    // Through the real route with the default (30 per 10 minutes): the 31st upload of a link is refused unread.
    const link = "RouteLimitTestToken_abcdefghijk";
    const post = (accept: string) =>
      postPhotoId(
        new Request(`${BASE_URL}/verify/${link}/photo-id`, {
          method: "POST",
          headers: { accept, "content-type": "text/plain" },
          body: "not a form",
        }),
        { params: Promise.resolve({ token: link }) },
      );
    for (let i = 0; i < 30; i++) expect((await post("application/json")).status).not.toBe(429);
    const refused = await post("application/json");
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({
      ok: false,
      error: { code: "rate_limited", message: expect.stringContaining("Too many uploads") },
      retry_after_seconds: wait,
    });
    // A form posted without JavaScript goes back to the page, told why.
    const plain = await post("text/html");
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toContain("error=rate_limited");
  });

  it("console sign-in: the same growing delay per staff email and per address, checked before the password", async () => {
    const { team } = await seedTeam(database.db, "Console Co");
    const added = await addStaffMember(database.db, {
      teamId: team.id,
      email: "Staff@Console.test",
      password: "correct horse battery",
      role: "owner",
      actor: { type: "system" },
    });
    expect(added.ok).toBe(true);
    const settings = DEFAULT_RATE_LIMITS.failures;
    const signIn = (password: string, now: number, ip: string | null = "192.0.2.10", email = "staff@console.test") =>
      limitSignIn(database.db, { door: "console", account: email, ip, settings, now }, () =>
        verifyStaffPassword(database.db, { email, password }),
      );
    for (let i = 0; i < 6; i++) expect(await signIn("wrong password", T0)).toEqual({ ok: true, value: null });
    const held = await signIn("correct horse battery", T0);
    expect(held).toMatchObject({ ok: false, error: { kind: "rate_limited", retryAfterSeconds: 1 } });
    // The email is held from any address, in any letter case; the API's door keeps its own count.
    expect(await signIn("correct horse battery", T0, "198.51.100.1", "STAFF@console.test")).toMatchObject({
      ok: false,
      error: { kind: "rate_limited" },
    });
    expect(
      (await limitSignIn(database.db, { door: "api", account: "staff@console.test", ip: null, settings, now: T0 }, async () => "checked"))
        .ok,
    ).toBe(true);
    const after = await signIn("correct horse battery", T0 + 1000);
    expect(after.ok && after.value?.email).toBe("staff@console.test");
    // What the sign-in page shows.
    expect(signInDelaySeconds(new SignInDelayed(42))).toBe(42);
    expect(signInDelaySeconds(new Error("other"))).toBeNull();
  });
});

describe("rate-limit configuration and the caller's address", () => {
  it("defaults, documented values, off, and refusals naming the variable", () => {
    expect(parseConfig({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS).toEqual({
      api: { limit: 1200, windowSeconds: 60 },
      uploads: { limit: 30, windowSeconds: 600 },
      failures: { perAccount: 5, perIp: 20, maxDelaySeconds: 900 },
    });
    const custom = parseConfig({
      RATE_LIMIT_API: "100/30s",
      RATE_LIMIT_UPLOADS: "off",
      RATE_LIMIT_ACCOUNT_FAILURES: "3",
      RATE_LIMIT_IP_FAILURES: "50",
      RATE_LIMIT_MAX_DELAY_SECONDS: "60",
      TRUST_PROXY_HOPS: "1",
    });
    expect(custom.rateLimits).toEqual({
      api: { limit: 100, windowSeconds: 30 },
      uploads: null,
      failures: { perAccount: 3, perIp: 50, maxDelaySeconds: 60 },
    });
    expect(custom.trustProxyHops).toBe(1);
    expect(parseConfig({ RATE_LIMIT_API: "5/2h" }).rateLimits.api).toEqual({ limit: 5, windowSeconds: 7200 });
    for (const [variable, value] of [
      ["RATE_LIMIT_API", "1200"],
      ["RATE_LIMIT_API", "0/1m"],
      ["RATE_LIMIT_UPLOADS", "10/25h"],
      ["RATE_LIMIT_ACCOUNT_FAILURES", "0"],
      ["TRUST_PROXY_HOPS", "-1"],
    ] as const) {
      expect(() => parseConfig({ [variable]: value }), `${variable}=${value}`).toThrow(ConfigError);
      try {
        parseConfig({ [variable]: value });
      } catch (error) {
        expect((error as ConfigError).issues[0]!.variable).toBe(variable);
      }
    }
  });

  it("the address is the socket's peer, or the one the trusted proxies saw; a client's own claims are ignored", () => {
    expect(clientIpOf("::ffff:203.0.113.5", "1.2.3.4", 0)).toBe("203.0.113.5");
    expect(clientIpOf("10.0.0.2", "1.2.3.4, 203.0.113.5", 1)).toBe("203.0.113.5");
    expect(clientIpOf("10.0.0.2", "1.2.3.4, 203.0.113.5, 10.0.0.9", 2)).toBe("203.0.113.5");
    expect(clientIpOf("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientIpOf("10.0.0.2", "not-an-ip", 1)).toBeNull();
    expect(clientIpOf(undefined, undefined, 0)).toBeNull();
    const req = {
      headers: { "x-verity-client-ip": "6.6.6.6" } as Record<string, string>,
      rawHeaders: ["X-Verity-Client-IP", "6.6.6.6", "Host", "idv.test"],
      socket: { remoteAddress: "198.51.100.3" },
    };
    stampClientIp(req, 0);
    expect(req.headers["x-verity-client-ip"]).toBe("198.51.100.3");
    expect(req.rawHeaders).toEqual(["Host", "idv.test", "x-verity-client-ip", "198.51.100.3"]);
  });

  it("a connection's requests carry its address, every copy a client sent dropped; behind proxies each request's own chain counts", () => {
    const socket = { remoteAddress: "::ffff:198.51.100.7" };
    const first = { headers: {} as Record<string, string>, rawHeaders: ["Host", "idv.test"], socket };
    stampClientIp(first, 0);
    expect(first.rawHeaders).toEqual(["Host", "idv.test", "x-verity-client-ip", "198.51.100.7"]);
    const second = {
      headers: { "x-verity-client-ip": "6.6.6.6" } as Record<string, string>,
      rawHeaders: ["x-verity-client-ip", "6.6.6.6", "Host", "idv.test", "X-VERITY-CLIENT-IP", "7.7.7.7"],
      socket,
    };
    stampClientIp(second, 0);
    expect(second.headers["x-verity-client-ip"]).toBe("198.51.100.7");
    expect(second.rawHeaders).toEqual(["Host", "idv.test", "x-verity-client-ip", "198.51.100.7"]);
    const proxied = { remoteAddress: "10.0.0.2" };
    const a = { headers: { "x-forwarded-for": "203.0.113.1" } as Record<string, string>, rawHeaders: [], socket: proxied };
    const b = { headers: { "x-forwarded-for": "203.0.113.2" } as Record<string, string>, rawHeaders: [], socket: proxied };
    stampClientIp(a, 1);
    stampClientIp(b, 1);
    expect([a.headers["x-verity-client-ip"], b.headers["x-verity-client-ip"]]).toEqual(["203.0.113.1", "203.0.113.2"]);
  });
});
