import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { riskEnrichmentSchema, type RiskEnrichment } from "@/lib/contract";

// The onboarding app's own environment, parsed once (same style as lib/config.ts). It is a client
// of the service: everything it needs to reach the API is here, so pointing SERVICE_BASE_URL (and
// the credentials) at another deployment is all it takes to move it.
//
// Defaults serve the bundled demo: this same app, with the demo team's credentials and webhook
// secrets that the service's demo seed writes into DATA_DIR.

const policy = z.enum(["verify", "refuse"], { message: "must be verify or refuse" });

const enrichmentList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((part) => part.trim().toUpperCase())
      .filter(Boolean),
  )
  .transform((parts) => (parts.length === 1 && parts[0] === "NONE" ? [] : parts))
  .pipe(
    z
      .array(riskEnrichmentSchema, { message: `must be a comma-separated list of ${riskEnrichmentSchema.options.join(", ")} (or NONE)` })
      .refine((list) => new Set(list).size === list.length, { message: "lists an enrichment twice" }),
  );

const httpBase = z.url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" }).transform((v) => v.replace(/\/+$/, ""));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_BASE_URL: httpBase.optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    SERVICE_BASE_URL: httpBase.optional(),
    SERVICE_CLIENT_ID: z.string().min(1).optional(),
    SERVICE_CLIENT_SECRET: z.string().min(1).optional(),
    ONBOARDING_MODE: z.enum(["sandbox", "live"], { message: "must be sandbox or live" }).default("sandbox"),
    ONBOARDING_PUBLIC_URL: httpBase.optional(),
    ONBOARDING_WEBHOOK_SECRET: z.string().min(1).optional(),
    ONBOARDING_ENRICHMENTS: enrichmentList.prefault("ONLINE_FOOTPRINT,AML"),
    ONBOARDING_REVIEW_POLICY: policy.default("verify"),
    ONBOARDING_REJECT_POLICY: policy.default("refuse"),
    ONBOARDING_WORKFLOW_ID: z.string().min(1).max(100).default("sandbox-flow"),
    ONBOARDING_ADMIN_PASSWORD: z.string().min(8, { message: "must be at least 8 characters" }).optional(),
    ONBOARDING_SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  })
  .superRefine((env, ctx) => {
    if (!!env.SERVICE_CLIENT_ID !== !!env.SERVICE_CLIENT_SECRET) {
      const missing = env.SERVICE_CLIENT_ID ? "SERVICE_CLIENT_SECRET" : "SERVICE_CLIENT_ID";
      ctx.addIssue({ code: "custom", path: [missing], message: "is required when the other SERVICE_CLIENT_* variable is set" });
    }
    // A sandbox secret yields sandbox tokens (ARCHITECTURE: modes); a mismatch would silently
    // run the "live" onboarding against sandbox canned answers, or the reverse.
    if (env.SERVICE_CLIENT_SECRET) {
      const sandboxSecret = env.SERVICE_CLIENT_SECRET.startsWith("sandbox-");
      if (sandboxSecret !== (env.ONBOARDING_MODE === "sandbox")) {
        ctx.addIssue({
          code: "custom",
          path: ["SERVICE_CLIENT_SECRET"],
          message: `is a ${sandboxSecret ? "sandbox" : "live"} secret but ONBOARDING_MODE is ${env.ONBOARDING_MODE}`,
        });
      }
    }
  });

export interface OnboardingConfig {
  mode: "sandbox" | "live";
  serviceBaseUrl: string;
  /** Where this app is reached by browsers (redirect_url of verifications). */
  publicUrl: string;
  credentials: { clientId: string; clientSecret: string };
  /** Accepted webhook signing secrets; the first is the configured mode's. */
  webhookSecrets: string[];
  enrichments: RiskEnrichment[];
  policy: { review: "verify" | "refuse"; reject: "verify" | "refuse" };
  workflowId: string;
  adminPassword: string;
  sessionSecret: string;
}

export class OnboardingConfigError extends Error {
  override name = "OnboardingConfigError";
}

export interface DemoFiles {
  credentials: {
    staff?: { password?: string };
    live?: { client_id: string; client_secret: string };
    sandbox?: { client_id: string; client_secret: string };
  } | null;
  webhooks: Partial<Record<"sandbox" | "live", { secret?: string }>> | null;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

function readDemoFiles(dataDir: string): DemoFiles {
  return {
    credentials: readJson(path.join(dataDir, "demo-credentials.json")),
    webhooks: readJson(path.join(dataDir, "demo-webhook.json")),
  };
}

/** Parses the environment; demo files fill what is unset. Throws OnboardingConfigError naming the variable. */
export function parseOnboardingConfig(env: Record<string, string | undefined>, demo?: DemoFiles): OnboardingConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${String(issue.path[0] ?? "environment")}: ${issue.message}`);
    throw new OnboardingConfigError(`Invalid onboarding configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const files = demo ?? readDemoFiles(path.resolve(e.DATA_DIR));
  const ownUrl = e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`;
  const demoHint = `(or let the service's demo seed write ${path.join(e.DATA_DIR, "demo-credentials.json")})`;

  const demoClient = files.credentials?.[e.ONBOARDING_MODE];
  const clientId = e.SERVICE_CLIENT_ID ?? demoClient?.client_id;
  const clientSecret = e.SERVICE_CLIENT_SECRET ?? demoClient?.client_secret;
  if (!clientId || !clientSecret)
    throw new OnboardingConfigError(`Invalid onboarding configuration: set SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET ${demoHint}`);

  const otherMode = e.ONBOARDING_MODE === "sandbox" ? "live" : "sandbox";
  const webhookSecrets = e.ONBOARDING_WEBHOOK_SECRET
    ? e.ONBOARDING_WEBHOOK_SECRET.split(/[\s,]+/).filter(Boolean)
    : // The demo points both modes' endpoints at this receiver: accept either, ours first.
      [files.webhooks?.[e.ONBOARDING_MODE]?.secret, files.webhooks?.[otherMode]?.secret].filter((s): s is string => !!s);

  const adminPassword = e.ONBOARDING_ADMIN_PASSWORD ?? files.credentials?.staff?.password;
  if (!adminPassword) throw new OnboardingConfigError(`Invalid onboarding configuration: set ONBOARDING_ADMIN_PASSWORD ${demoHint}`);

  return {
    mode: e.ONBOARDING_MODE,
    serviceBaseUrl: e.SERVICE_BASE_URL ?? ownUrl,
    publicUrl: e.ONBOARDING_PUBLIC_URL ?? ownUrl,
    credentials: { clientId, clientSecret },
    webhookSecrets,
    enrichments: e.ONBOARDING_ENRICHMENTS,
    policy: { review: e.ONBOARDING_REVIEW_POLICY, reject: e.ONBOARDING_REJECT_POLICY },
    workflowId: e.ONBOARDING_WORKFLOW_ID,
    adminPassword,
    // Without an explicit secret, sessions are bound to the password: changing it signs everyone out.
    sessionSecret:
      e.ONBOARDING_SESSION_SECRET ??
      createHash("sha256").update(`onboarding-session\0${adminPassword}\0${clientSecret}`).digest("base64url"),
  };
}

const KEY = Symbol.for("idv.onboardingConfig");
type Holder = { [KEY]?: OnboardingConfig };
const holder = globalThis as Holder;

/** The onboarding configuration, parsed on first use (never at import: `next build` has no env). */
export function getOnboardingConfig(): OnboardingConfig {
  // Only a success is cached: the demo files may appear after the first request on a fresh start.
  holder[KEY] ??= parseOnboardingConfig(process.env);
  return holder[KEY];
}

/** Tests install their own configuration. */
export function setOnboardingConfig(config: OnboardingConfig | undefined): void {
  holder[KEY] = config;
}
