// The API under fuzzing (issue 15): requests generated from the served OpenAPI document, across
// every operation, with valid tokens in both modes: wrong types, missing and extra fields, huge and
// unicode strings, bad JSON, bad content types, multipart edge cases and path and query tricks.
// Zero 5xx; every 4xx in the documented error shape with a documented status; every success in
// its documented schema. Each run takes a fresh seed unless FUZZ_SEED is given, and prints it.
// Reproduce a failure with the FUZZ_SEED and FUZZ_ONLY it prints (FUZZ_ONLY sends that one request
// to freshly seeded data; if it passes alone, the earlier requests of the run matter: repeat the
// run with FUZZ_SEED and FUZZ_REQUESTS past the failing index). FUZZ_REQUESTS sets the run's length
// (default 10,000 per database engine, about 12 s each here).
import dns from "node:dns";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { BUILT_IN_WORKFLOWS } from "@/lib/server/verifications/workflows";
import { createApiApp } from "@/lib/server/http/app";
import { BASE_URL, call, seedTeam, tokenFor } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { responseChecker } from "../support/fuzz/check-response";
import { fuzzFiles } from "../support/fuzz/files";
import { matcher, operationsOf, resolver, type OpenApiDocument, type Operation } from "../support/fuzz/operations";
import { Prng } from "../support/fuzz/prng";
import { describeRequest, generateRequest, type FileSample, type FuzzContext, type FuzzRequest, type Mode } from "../support/fuzz/requests";
import type { Hints } from "../support/fuzz/values";
import { startReceiver, type LocalReceiver } from "../support/local-receiver";
import { seedTeamWithData, type SeededTeam } from "../support/tenant-data";

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : new Prng(Date.now()).uint32();
const ONLY = process.env.FUZZ_ONLY === undefined ? null : Number(process.env.FUZZ_ONLY);
const PER_REQUEST_MS = 20_000;

// A budget no run reaches: the handlers are under test here, not the limiter (checked below).
const HIGH_LIMITS = {
  api: { limit: 10_000_000, windowSeconds: 60 },
  uploads: null,
  failures: { perAccount: 10_000_000, perIp: 10_000_000, maxDelaySeconds: 1 },
};

describeEngines("API fuzzing on %s", (engine) => {
  let database: TestDatabase;
  let receiver: LocalReceiver;
  let app: ReturnType<typeof createApiApp>;
  let acme: SeededTeam;
  let globex: SeededTeam;
  let doc: OpenApiDocument;
  let operations: Operation[];
  let files: FileSample[];

  beforeAll(async () => {
    files = await fuzzFiles();
    // A fuzzed webhook_url naming a host never leaves the machine: every name resolves to loopback.
    vi.spyOn(dns.promises, "lookup").mockImplementation((async () => [{ address: "127.0.0.1", family: 4 }]) as never);
    database = await createTestDatabase(engine);
    receiver = await startReceiver();
    app = createApiApp({
      db: async () => database.db,
      publicBaseUrl: BASE_URL,
      tokenTtlSeconds: 86_400,
      version: "test",
      webhookAllowLoopback: true,
      rateLimits: HIGH_LIMITS,
    });
    acme = await seedTeamWithData(database.db, app, "Acme", receiver.url("/seeded"));
    globex = await seedTeamWithData(database.db, app, "Globex", receiver.url("/seeded"));
    const served = await call(app, "GET", "/api/openapi.json");
    expect(served.status).toBe(200);
    doc = served.body as unknown as OpenApiDocument;
    operations = operationsOf(doc);
  }, 180_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await receiver?.close();
    await database?.dispose();
  });

  it(`answers ${REQUESTS} generated requests with no 5xx and every error in the documented shape`, { timeout: 600_000 }, async () => {
    console.log(`[fuzz ${engine}] seed ${SEED}: ${REQUESTS} requests over ${operations.length} operations (FUZZ_SEED=${SEED} to repeat)`);
    const ctx = fuzzContext(operations, doc, acme, globex, receiver, files);
    const check = responseChecker(doc);
    const operationOf = matcher(operations);
    const logged: unknown[] = [];
    const errorSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args));

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const perOperation = new Map<string, Map<number, number>>();
    const started = Date.now();
    const indexes = ONLY === null ? Array.from({ length: REQUESTS }, (_, i) => i) : [ONLY];
    for (const index of indexes) {
      const request = generateRequest(ctx, SEED, index);
      logged.length = 0;
      const key = `${request.operation.method} ${request.operation.template}`;
      if (!perOperation.has(key)) perOperation.set(key, new Map());
      const problems = await send(app, request, check, operationOf, statuses, perOperation.get(key)!);
      if (problems.length) {
        const log = logged
          .map((args) =>
            (args as unknown[])
              .map((a) =>
                a instanceof Error ? `${a.stack}${a.cause ? `\ncause: ${(a.cause as Error).message ?? a.cause}` : ""}` : String(a),
              )
              .join(" "),
          )
          .join("\n");
        failures.push(`${problems.join("\n")}\n${describeRequest(request, SEED)}${log ? `\nserver log:\n${log.slice(0, 2000)}` : ""}`);
        if (failures.length >= 20) break;
      }
    }
    errorSpy.mockRestore();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    const table = [...perOperation.entries()].map(
      ([key, counts]) =>
        `  ${key}: ${[...counts.entries()]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(" ")}`,
    );
    console.log(
      `[fuzz ${engine}] ${indexes.length} requests in ${seconds} s; statuses ${byStatus}; ${failures.length} failing\n${table.join("\n")}`,
    );
    if (failures.length) console.error(`[fuzz ${engine}] seed ${SEED}, first failures:\n\n${failures.join("\n\n")}`);
    expect(failures, `seed ${SEED}`).toEqual([]);
    if (ONLY === null) {
      // Every operation of the document was tried.
      expect(operations.map((op) => `${op.method} ${op.template}`).filter((key) => !perOperation.has(key))).toEqual([]);
    }
  });

  it("a credential over its budget gets 429 in the error shape, with Retry-After", async () => {
    const limited = createApiApp({
      db: async () => database.db,
      publicBaseUrl: BASE_URL,
      tokenTtlSeconds: 3600,
      version: "test",
      webhookAllowLoopback: true,
      rateLimits: { ...HIGH_LIMITS, api: { limit: 3, windowSeconds: 60 } },
    });
    const { sandbox } = await seedTeam(database.db, "Limited");
    const token = await tokenFor(limited, sandbox);
    const check = responseChecker(doc);
    const operationOf = matcher(operations);
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 4; i++) last = await call(limited, "GET", "/api/v2/verifications/333", { token });
    expect(last!.status).toBe(429);
    const problems = check(operationOf("GET", "/api/v2/verifications/333"), "GET", {
      status: 429,
      headers: last!.headers,
      text: JSON.stringify(last!.body),
    });
    expect(problems).toEqual([]);
    expect(last!.body).toMatchObject({
      status_code: 429,
      error_code: "rate_limited",
      retry_after_seconds: Number(last!.headers.get("retry-after")),
    });
  });
});

async function send(
  app: ReturnType<typeof createApiApp>,
  request: FuzzRequest,
  check: ReturnType<typeof responseChecker>,
  operationOf: ReturnType<typeof matcher>,
  statuses: Map<number, number>,
  operationStatuses: Map<number, number>,
): Promise<string[]> {
  let raw: Request;
  try {
    raw = new Request(`${BASE_URL}${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.body as BodyInit | undefined,
    });
  } catch (error) {
    return [`the test could not build the request: ${(error as Error).message}`];
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    const response = await Promise.race([
      app.fetch(raw),
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${PER_REQUEST_MS} ms`)), PER_REQUEST_MS)),
      ),
    ]);
    const text = await response.text();
    for (const counts of [statuses, operationStatuses]) counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
    // The operation the app routed to: the path as the URL parser left it (dot segments resolved).
    const path = new URL(raw.url).pathname;
    return check(operationOf(request.method === "HEAD" ? "GET" : request.method, path), request.method, {
      status: response.status,
      headers: response.headers,
      text,
    });
  } catch (error) {
    return [`threw: ${(error as Error).stack ?? error}`];
  } finally {
    clearTimeout(timer);
  }
}

function fuzzContext(
  operations: Operation[],
  doc: OpenApiDocument,
  acme: SeededTeam,
  globex: SeededTeam,
  receiver: LocalReceiver,
  files: FileSample[],
): FuzzContext {
  const canned = ["111", "222", "333", "444", "555", "666", "777", "888", "999"];
  const idsFor = (template: string, mode: Mode): string[] => {
    const own = acme.modes[mode];
    const other = globex.modes[mode];
    if (/\/verifications\/\{/.test(template))
      return [...own.verificationIds, ...(mode === "sandbox" ? canned : []), ...other.verificationIds, "1000"];
    if (/\/alerts\/accounts\/\{/.test(template)) return [...own.accountIds, "sl_sandbox_001", "sl_sandbox_002", ...other.accountIds];
    if (/\/webhooks\/messages\/\{/.test(template)) return [...own.messageIds, ...other.messageIds, "msg_unknown"];
    return [];
  };
  const verificationIds = [...acme.modes.live.verificationIds, ...acme.modes.sandbox.verificationIds, "333"];
  const hints: Hints = {
    email: (rng) =>
      rng.pick([
        "fuzz@example.com",
        "a+review@example.com",
        "b+reject@example.com",
        "dwebb@email.com",
        "jdoe@email.com",
        "eroberts@email.com",
        "Ünïcode@exämple.com",
      ]),
    workflow_id: (rng) => rng.pick([...BUILT_IN_WORKFLOWS.map((w) => w.id), "unknown-flow"]),
    flow_id: (rng) => rng.pick([...BUILT_IN_WORKFLOWS.map((w) => w.id)]),
    webhook_url: (rng) => receiver.url(rng.pick(["/fuzz", "/fuzz", "/fail", "/redirect", "/big"])),
    event: (rng) => rng.pick(["Created", "UserCompleted", "ManuallyReviewed", "Verified", "Refused", "Expired", "Alert", "Bogus"]),
    sub_type: (rng, schema) =>
      schema.example === "Passport"
        ? rng.pick(["Passport", "NationalId", "DrivingLicence", "PassCard", "UnfamiliarPhotoId", "passport", "national_id"])
        : rng.pick(["utility_bill", "bank_statement", "council_tax_bill", "payslip", "BankStatement"]),
    enrichments: (rng, schema) =>
      schema.type === "string"
        ? JSON.stringify(rng.sample(["CREDIT_BUREAU", "ONLINE_FOOTPRINT", "AML", "NFD", "aml", "credit_bureau"], rng.int(0, 3)))
        : undefined,
    address: (rng, schema) => {
      const address = rng.pick([
        { residence_number: "10", street: "Downing Street", city: "London", postcode: "SW1A 2AA", country_code: "GB" },
        { building_name: "Rose Cottage", city: "Bath", postcode: "BA1 1AA", country_code: "GB" },
        { postcode: "NW1 6XE" },
      ]);
      return schema.type === "string" ? JSON.stringify(address) : address;
    },
    thresholds: (rng) => rng.pick(['{"aml":96,"online_footprint":50}', '{"aml":0}', '{"online_footprint":100}', "{}"]),
    phone: (rng) => rng.pick(["+447700900123", "+14155552671"]),
    date_of_birth: (rng) => rng.pick(["1990-01-31", "1985-12-10", "2000-02-29"]),
    postcode: (rng) => rng.pick(["SW1A 2AA", "nw16xe", "AB11 6BH", "M1 1AE", "EC1A 1BB"]),
    minimum_document_length: (rng) => rng.pick(["3 months", "90", "90d", "1m"]),
    country_code: (rng, schema) => (schema.pattern === "^[A-Z]{2}$" ? "GB" : rng.pick(["GBR", "gb", "FRA"])),
    from: (rng) => rng.pick([new Date(Date.now() - 86_400_000).toISOString(), "0001-01-01T00:00:00Z", "1970-01-01T00:00:00.000Z"]),
    to: (rng) => rng.pick([new Date(Date.now() + 86_400_000).toISOString(), "9999-12-31T23:59:59.999Z"]),
    client_id: (rng) => (rng.chance(0.5) ? "unknown-client" : undefined),
    verification_id: (rng) => rng.pick(verificationIds),
    expires_at: (rng) =>
      rng.chance(0.8)
        ? new Date(Date.now() + rng.int(1, 30) * 86_400_000).toISOString()
        : rng.pick(["9999-12-31T23:59:59Z", "2100-01-01T00:00:00+14:00"]),
    redirect_url: (rng) => rng.pick(["https://example.com/return", "http://localhost:3000/done"]),
  };
  return {
    operations,
    resolve: resolver(doc),
    hints,
    idsFor,
    tokens: { sandbox: acme.modes.sandbox.token, live: acme.modes.live.token },
    files,
  };
}
