import { describe, expect, it } from "vitest";
import { OnboardingConfigError, parseOnboardingConfig, type DemoFiles } from "@/lib/onboarding/config";

const demo: DemoFiles = {
  credentials: {
    staff: { password: "demo-staff-password" },
    live: { client_id: "cli_live", client_secret: "live-secret" },
    sandbox: { client_id: "cli_sandbox", client_secret: "sandbox-secret" },
  },
  webhooks: { sandbox: { secret: "whsec_c2FuZGJveA==" }, live: { secret: "whsec_bGl2ZQ==" } },
};
const none: DemoFiles = { credentials: null, webhooks: null };

describe("onboarding configuration", () => {
  it("defaults to this app, the demo team's sandbox credentials and webhook secrets", () => {
    const config = parseOnboardingConfig({ PORT: "4000" }, demo);
    expect(config.mode).toBe("sandbox");
    expect(config.serviceBaseUrl).toBe("http://localhost:4000");
    expect(config.publicUrl).toBe("http://localhost:4000");
    expect(config.credentials).toEqual({ clientId: "cli_sandbox", clientSecret: "sandbox-secret" });
    expect(config.webhookSecrets).toEqual(["whsec_c2FuZGJveA==", "whsec_bGl2ZQ=="]);
    expect(config.enrichments).toEqual(["ONLINE_FOOTPRINT", "AML"]);
    expect(config.policy).toEqual({ review: "verify", reject: "refuse" });
    expect(config.adminPassword).toBe("demo-staff-password");
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("live mode takes the live credentials; PUBLIC_BASE_URL is the default service address", () => {
    const config = parseOnboardingConfig({ ONBOARDING_MODE: "live", PUBLIC_BASE_URL: "https://idv.example.com/" }, demo);
    expect(config.credentials.clientSecret).toBe("live-secret");
    expect(config.serviceBaseUrl).toBe("https://idv.example.com");
    expect(config.webhookSecrets[0]).toBe("whsec_bGl2ZQ==");
  });

  it("explicit variables win over the demo files", () => {
    const config = parseOnboardingConfig(
      {
        SERVICE_BASE_URL: "https://api.elsewhere.test",
        SERVICE_CLIENT_ID: "cli_x",
        SERVICE_CLIENT_SECRET: "sandbox-x",
        ONBOARDING_PUBLIC_URL: "https://join.example.com",
        ONBOARDING_WEBHOOK_SECRET: "whsec_one, whsec_two",
        ONBOARDING_ENRICHMENTS: "credit_bureau, aml",
        ONBOARDING_REVIEW_POLICY: "refuse",
        ONBOARDING_REJECT_POLICY: "verify",
        ONBOARDING_ADMIN_PASSWORD: "correct horse",
      },
      none,
    );
    expect(config.serviceBaseUrl).toBe("https://api.elsewhere.test");
    expect(config.publicUrl).toBe("https://join.example.com");
    expect(config.webhookSecrets).toEqual(["whsec_one", "whsec_two"]);
    expect(config.enrichments).toEqual(["CREDIT_BUREAU", "AML"]);
    expect(config.policy).toEqual({ review: "refuse", reject: "verify" });
    expect(parseOnboardingConfig({ ONBOARDING_ENRICHMENTS: "none" }, demo).enrichments).toEqual([]);
  });

  it("names the variable that is wrong", () => {
    const bad = (env: Record<string, string>, files = demo) => {
      try {
        parseOnboardingConfig(env, files);
      } catch (error) {
        expect(error).toBeInstanceOf(OnboardingConfigError);
        return (error as Error).message;
      }
      throw new Error("expected a configuration error");
    };
    expect(bad({ ONBOARDING_MODE: "test" })).toMatch(/ONBOARDING_MODE: must be sandbox or live/);
    expect(bad({ ONBOARDING_REVIEW_POLICY: "maybe" })).toMatch(/ONBOARDING_REVIEW_POLICY: must be verify or refuse/);
    expect(bad({ ONBOARDING_ENRICHMENTS: "AML,SOCIAL" })).toMatch(/ONBOARDING_ENRICHMENTS/);
    expect(bad({ ONBOARDING_ENRICHMENTS: "AML,aml" })).toMatch(/ONBOARDING_ENRICHMENTS: lists an enrichment twice/);
    expect(bad({ SERVICE_BASE_URL: "ftp://x" })).toMatch(/SERVICE_BASE_URL/);
    expect(bad({ SERVICE_CLIENT_ID: "cli_x" })).toMatch(/SERVICE_CLIENT_SECRET: is required/);
    expect(bad({ SERVICE_CLIENT_ID: "cli_x", SERVICE_CLIENT_SECRET: "live-x" })).toMatch(
      /SERVICE_CLIENT_SECRET: is a live secret but ONBOARDING_MODE is sandbox/,
    );
    expect(bad({}, none)).toMatch(/SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET/);
    expect(bad({ SERVICE_CLIENT_ID: "a", SERVICE_CLIENT_SECRET: "sandbox-b" }, none)).toMatch(/ONBOARDING_ADMIN_PASSWORD/);
    expect(bad({ ONBOARDING_ADMIN_PASSWORD: "short" })).toMatch(/ONBOARDING_ADMIN_PASSWORD: must be at least 8 characters/);
  });
});
