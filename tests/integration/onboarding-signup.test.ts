import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ServiceClient } from "@/lib/client";
import { setDatabase } from "@/lib/db";
import { setOnboardingConfig, parseOnboardingConfig, type OnboardingConfig } from "@/lib/onboarding/config";
import { getApplicant } from "@/lib/onboarding/applicants";
import { applicants } from "@/lib/onboarding/schema";
import { setServiceClient } from "@/lib/onboarding/service";
import { initialSignupState } from "@/lib/onboarding/signup-state";
import { submitSignup } from "@/lib/onboarding/submit-signup";
import { chooseSandboxOutcome } from "@/lib/server/hosted/choose-sandbox-outcome";
import { submitSignupAction } from "@/app/(onboarding)/signup/actions";
import { GET as postcodeRoute } from "@/app/(onboarding)/api/onboarding/postcode/route";
import { GET as verificationRoute } from "@/app/(onboarding)/api/onboarding/verification/[applicantId]/route";
import { BASE_URL, createTestApi, seedTeam, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

// The onboarding side driven through its own functions, server action and route handlers, with
// a ServiceClient whose fetch goes into the real API app (on in-memory PGlite).

const ONBOARDING_URL = "http://onboarding.test";
const ADDRESS = {
  residence_number: "10",
  street: "Downing Street",
  city: "London",
  postcode: "SW1A 2AA",
  country_code: "GB",
  country: "United Kingdom",
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function signupForm(overrides: Record<string, string | Blob> = {}): FormData {
  const form = new FormData();
  const fields: Record<string, string | Blob> = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    dobDay: "10",
    dobMonth: "12",
    dobYear: "1985",
    addressMode: "lookup",
    address: JSON.stringify(ADDRESS),
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

/** Next's redirect() throws; its digest carries the destination. */
async function redirectOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    (value) => {
      throw new Error(`expected a redirect, got ${JSON.stringify(value)}`);
    },
    (e: unknown) => e as { digest?: string },
  );
  const match = /^NEXT_REDIRECT;[a-z]+;(.+);\d{3};/.exec(error.digest ?? "");
  if (!match) throw error;
  return match[1]!;
}

describeEngines("onboarding sign-up against the service API (%s)", (engine) => {
  let database: TestDatabase;
  let app: TestApi;
  let client: ServiceClient;
  let config: OnboardingConfig;
  const calls: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    setDatabase(database);
    app = createTestApi(database.db);
    const team = await seedTeam(database.db);
    const fetchIntoApp: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      calls.push(`${init?.method ?? "GET"} ${url.pathname}`);
      return app.request(url.pathname + url.search, init);
    };
    client = new ServiceClient({
      baseUrl: BASE_URL,
      clientId: team.sandbox.clientId,
      clientSecret: team.sandbox.clientSecret,
      fetch: fetchIntoApp,
    });
    config = parseOnboardingConfig(
      {
        SERVICE_BASE_URL: BASE_URL,
        SERVICE_CLIENT_ID: team.sandbox.clientId,
        SERVICE_CLIENT_SECRET: team.sandbox.clientSecret,
        ONBOARDING_PUBLIC_URL: ONBOARDING_URL,
        ONBOARDING_ADMIN_PASSWORD: "staff-password",
      },
      { credentials: null, webhooks: null },
    );
    setServiceClient(client);
    setOnboardingConfig(config);
  });
  afterAll(async () => {
    setServiceClient(undefined);
    setOnboardingConfig(undefined);
    await database.dispose();
  });

  const deps = () => ({ db: database.db, client, config, log: () => {} });
  const input = (email: string) => ({
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    dateOfBirth: "1985-12-10",
    address: ADDRESS,
    selfie: undefined,
  });

  it("the client sends the risk form as multipart with the enrichments, address and face scan", async () => {
    const risk = await client.assessRisk({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      date_of_birth: "1985-12-10",
      enrichments: ["ONLINE_FOOTPRINT", "AML"],
      address: ADDRESS,
      face_scan: new Blob([PNG], { type: "image/png" }),
    });
    expect(risk.recommendation).toBe("CLEAR");
    expect(risk.enrichments).toEqual(["ONLINE_FOOTPRINT", "AML"]);
    expect(risk.address).toEqual(ADDRESS);
    expect(Object.keys(risk.enrichment_reports).sort()).toEqual(["aml", "online_footprint"]);
    expect(risk.alerts_enabled_at).toBeTruthy();

    const lookup = await client.lookupPostcode("nw1 6xe");
    expect(lookup.addresses).toHaveLength(12);
    await expect(client.lookupPostcode("ZZ1 1ZZ")).rejects.toMatchObject({ status: 400 });
  });

  it("CLEAR: the account is created and nothing else is asked", async () => {
    const result = await submitSignup(deps(), input("clear@example.com"));
    expect(result).toMatchObject({ ok: true, next: { kind: "welcome" } });
    const applicant = await getApplicant(database.db, (result as { next: { applicantId: string } }).next.applicantId);
    expect(applicant).toMatchObject({
      state: "approved",
      email: "clear@example.com",
      dateOfBirth: "1985-12-10",
      verificationId: null,
      address: ADDRESS,
    });
    expect(applicant!.riskResult).toMatchObject({ recommendation: "CLEAR", enrichments: ["ONLINE_FOOTPRINT", "AML"] });
  });

  it("REVIEW: a verification is created with the return page as redirect_url and the applicant id as external_id", async () => {
    const result = await submitSignup(deps(), input("ada+review@example.com"));
    if (!result.ok || result.next.kind !== "verify") throw new Error(`unexpected ${JSON.stringify(result)}`);
    const { applicantId, url } = result.next;
    expect(url).toMatch(`${BASE_URL}/verify/`);
    const applicant = await getApplicant(database.db, applicantId);
    expect(applicant).toMatchObject({ state: "verifying", verificationStatus: "InProgress" });
    const record = await client.getVerification(applicant!.verificationId!);
    expect(record).toMatchObject({
      external_id: applicantId,
      redirect_url: `${ONBOARDING_URL}/signup/return/${applicantId}`,
      workflow_id: "sandbox-flow",
      email: "ada+review@example.com",
      claim_details: { first_name: "Ada", last_name: "Lovelace", date_of_birth: "1985-12-10" },
    });
  });

  it("REJECT: a polite refusal, and the applicant is kept", async () => {
    const result = await submitSignup(deps(), input("eve+reject@example.com"));
    expect(result).toMatchObject({ ok: true, next: { kind: "refused" } });
    const applicant = await getApplicant(database.db, (result as { next: { applicantId: string } }).next.applicantId);
    expect(applicant).toMatchObject({ state: "refused", verificationId: null });
  });

  it("the REVIEW and REJECT policies are configurable", async () => {
    const flipped = { ...config, policy: { review: "refuse", reject: "verify" } as const };
    expect(await submitSignup({ ...deps(), config: flipped }, input("r1+review@example.com"))).toMatchObject({
      ok: true,
      next: { kind: "refused" },
    });
    expect(await submitSignup({ ...deps(), config: flipped }, input("r2+reject@example.com"))).toMatchObject({
      ok: true,
      next: { kind: "verify" },
    });
  });

  it("the service's refusals become field errors; an unreachable service saves nothing", async () => {
    const notImage = await submitSignup(deps(), {
      ...input("x@example.com"),
      selfie: new File(["GIF89a"], "x.jpg", { type: "image/jpeg" }),
    });
    expect(notImage).toEqual({
      ok: false,
      message: "Please check the highlighted answers.",
      fieldErrors: { selfie: ["The selfie must be a JPEG or PNG photo"] },
    });

    const before = (await database.db.select().from(applicants)).length;
    const down = new ServiceClient({ baseUrl: "http://127.0.0.1:9", clientId: "a", clientSecret: "b", timeoutMs: 1000 });
    const result = await submitSignup({ ...deps(), client: down }, input("down@example.com"));
    expect(result).toMatchObject({ ok: false, fieldErrors: {} });
    expect((result as { message: string }).message).toMatch(/Nothing was saved/);
    expect((await database.db.select().from(applicants)).length).toBe(before);
  });

  it("the server action validates again, returns typed field errors, and redirects by outcome", async () => {
    const invalid = await submitSignupAction(initialSignupState, signupForm({ email: "nope", dobYear: "", address: "" }));
    expect(invalid.message).toBe("Please check the highlighted answers.");
    expect(invalid.fieldErrors).toEqual({
      email: ["Enter an email address in the right format, like name@example.com"],
      dateOfBirth: ["Your date of birth must include a year"],
      address: ["Find your address with your postcode, or enter it manually"],
    });

    // The address's exact shape is the contract's (the browser only checks its outline).
    const odd = await submitSignupAction(
      initialSignupState,
      signupForm({ address: JSON.stringify({ ...ADDRESS, country_code: "United Kingdom" }) }),
    );
    expect(odd.fieldErrors).toEqual({ address: ["Choose your address again"] });

    // The declared type is not trusted: the bytes decide.
    const fake = await submitSignupAction(
      initialSignupState,
      signupForm({ selfie: new File(["not an image"], "me.png", { type: "image/png" }) }),
    );
    expect(fake.fieldErrors).toEqual({ selfie: ["The selfie must be a JPEG or PNG photo"] });

    const welcome = await redirectOf(
      submitSignupAction(
        initialSignupState,
        signupForm({ email: "grace@example.com", selfie: new File([PNG], "me.png", { type: "image/png" }) }),
      ),
    );
    expect(welcome).toMatch(/^\/signup\/welcome\/app_[A-Za-z0-9_-]{22}$/);

    const refused = await redirectOf(submitSignupAction(initialSignupState, signupForm({ email: "mallory+reject@example.com" })));
    expect(refused).toMatch(/^\/signup\/refused\/app_/);

    const manual = signupForm({
      email: "bob+review@example.com",
      addressMode: "manual",
      houseNameOrNumber: "Rose Cottage",
      street: "Lane End",
      city: "Bath",
      postcode: "ba1 1aa",
    });
    manual.delete("address");
    const hosted = await redirectOf(submitSignupAction(initialSignupState, manual));
    expect(hosted).toMatch(`${BASE_URL}/verify/`);
    const [row] = await database.db.select().from(applicants).where(eq(applicants.email, "bob+review@example.com"));
    expect(row!.address).toEqual({
      building_name: "Rose Cottage",
      street: "Lane End",
      city: "Bath",
      postcode: "BA1 1AA",
      country_code: "GB",
      country: "United Kingdom",
    });
  });

  it("the postcode route answers addresses, a clear not-found, and refuses what is not a postcode", async () => {
    const get = (postcode: string) =>
      postcodeRoute(new NextRequest(`${ONBOARDING_URL}/api/onboarding/postcode?postcode=${encodeURIComponent(postcode)}`));
    const found = await get("sw1a 2aa");
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({
      status: "found",
      postcode: "SW1A 2AA",
      addresses: [{ id: "a0", label: "10 Downing Street, London, SW1A 2AA", address: { ...ADDRESS, region: "Greater London" } }],
    });

    const unknown = await get("ZZ1 1ZZ");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      status: "not_found",
      postcode: "ZZ1 1ZZ",
      message: "We couldn't find any addresses for ZZ1 1ZZ. Check the postcode, or enter your address manually.",
    });

    const bad = await get("!");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Enter a real UK postcode, like SW1A 2AA");
  });

  it("the return page's route reads the verification through the client until it settles", async () => {
    const result = await submitSignup(deps(), input("lin+review@example.com"));
    if (!result.ok || result.next.kind !== "verify") throw new Error("expected a verification");
    const { applicantId, url } = result.next;
    const poll = async () => {
      const response = await verificationRoute(new Request(`${ONBOARDING_URL}/api/onboarding/verification/${applicantId}`), {
        params: Promise.resolve({ applicantId }),
      });
      return { status: response.status, body: await response.json() };
    };
    expect(await poll()).toEqual({ status: 200, body: { status: "InProgress", expired: false, settled: false } });

    // The tester picks "Verified" on the sandbox hosted page.
    const chosen = await chooseSandboxOutcome(database.db, { token: new URL(url).pathname.split("/").pop()!, outcome: "verified" });
    expect(chosen.ok).toBe(true);
    expect(await poll()).toEqual({ status: 200, body: { status: "Verified", expired: false, settled: true } });
    expect(await getApplicant(database.db, applicantId)).toMatchObject({ state: "verified", verificationStatus: "Verified" });

    const missing = await verificationRoute(new Request(`${ONBOARDING_URL}/x`), { params: Promise.resolve({ applicantId: "app_nope" }) });
    expect(missing.status).toBe(404);
  });
});
