import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

// Every environment variable the app reads, parsed once. A bad value stops the app with a
// message naming the variable (see formatConfigError) instead of failing somewhere later.

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const postgresUrl = z.string().refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
  message: "must be a postgres:// or postgresql:// connection URL",
});

// Seconds before each try: now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (eight tries in ~28 h).
const DEFAULT_RETRY_SCHEDULE = "0,5,300,1800,7200,18000,36000,36000";

const retrySchedule = z
  .string()
  .transform((v) => v.split(",").map((part) => part.trim()))
  .refine((parts) => parts.length >= 1 && parts.length <= 30 && parts.every((p) => /^\d+(\.\d+)?$/.test(p)) && Number(parts[0]) === 0, {
    message: "must be 1 to 30 comma-separated delays in seconds starting with 0 (the first try is immediate), e.g. 0,5,300",
  })
  .transform((parts) => parts.map(Number));

// email_velocity: at most N submissions of one email across all teams within each window.
const DEFAULT_EMAIL_VELOCITY = "1h:3,24h:10,30d:30";
const WINDOW_UNITS: Record<string, number> = { m: 60, h: 3600, d: 86_400 };
const velocityLimits = z
  .string()
  .transform((v) => v.split(",").map((part) => part.trim()))
  .refine((parts) => parts.length >= 1 && parts.length <= 10 && parts.every((p) => /^\d+[mhd]:\d+$/.test(p)), {
    message: "must be comma-separated window:limit pairs with m, h or d windows, e.g. 1h:3,24h:10,30d:30",
  })
  .transform((parts) =>
    parts.map((part) => {
      const [window, limit] = part.split(":") as [string, string];
      return { label: window, seconds: Number(window.slice(0, -1)) * WINDOW_UNITS[window.slice(-1)]!, limit: Number(limit) };
    }),
  );

// Rate limits (issue 15): "N/W" with W in s, m or h (1200/1m), or "off".
const windowLimit = z
  .string()
  .trim()
  .refine((v) => v === "off" || /^[1-9]\d{0,6}\/[1-9]\d{0,4}[smh]$/.test(v), {
    message: 'must be requests/window like 1200/1m (s, m or h), or "off"',
  })
  .transform((v) => {
    if (v === "off") return null;
    const [limit, window] = v.split("/") as [string, string];
    return {
      limit: Number(limit),
      windowSeconds: Number(window.slice(0, -1)) * { s: 1, m: 60, h: 3600 }[window.slice(-1) as "s" | "m" | "h"],
    };
  })
  .refine((v) => v === null || v.windowSeconds <= 86_400, { message: "the window must be at most 24h" });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_BASE_URL: z.url({ message: "must be an absolute http(s) URL" }).optional(),
    DATABASE_URL: postgresUrl.optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    SEED_DEMO: bool.optional(),
    TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(86_400, { message: "must be at most 86400 (tokens last at most one day)" })
      .default(86_400),
    WEBHOOK_ALLOW_LOOPBACK: bool.optional(),
    WEBHOOK_WORKER: z.enum(["in-process", "external"], { message: "must be in-process or external" }).default("in-process"),
    WEBHOOK_RETRY_SCHEDULE: retrySchedule.prefault(DEFAULT_RETRY_SCHEDULE),
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(30).default(10),
    WEBHOOK_LEASE_SECONDS: z.coerce.number().positive().max(3600).optional(),
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
    WEBHOOK_SWEEP_SECONDS: z.coerce.number().positive().max(3600).default(5),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    // Staff console sign-in (next-auth): the key that signs and encrypts session cookies.
    AUTH_SECRET: z.string().min(32, { message: "must be at least 32 characters (e.g. openssl rand -base64 32)" }).optional(),
    AUTH_TRUST_HOST: bool.optional(),
    // An optional OpenID Connect provider for staff sign-in; users still need a membership.
    AUTH_OIDC_ISSUER: z.url({ message: "must be the issuer's absolute URL" }).optional(),
    AUTH_OIDC_CLIENT_ID: z.string().min(1).optional(),
    AUTH_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    AUTH_OIDC_NAME: z.string().min(1).max(40).default("Single sign-on"),
    // Outgoing email (member invitations). Without SMTP_URL the built-in local mailbox keeps them.
    SMTP_URL: z.url({ message: "must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.com:465" }).optional(),
    MAIL_FROM: z.string().min(3).default("Verity <no-reply@verity.local>"),
    // Keys the fraud network's hashes of emails, names and dates of birth. Every process of one
    // deployment must share it; changing it unlinks the records made before.
    RISK_EMAIL_VELOCITY: velocityLimits.prefault(DEFAULT_EMAIL_VELOCITY),
    // A JSON file replacing the live risk engine's scoring model (weights, caps, bands).
    RISK_SCORING_MODEL_FILE: z.string().min(1).optional(),
    NETWORK_KEY: z.string().min(32, { message: "must be at least 32 characters (e.g. openssl rand -base64 32)" }).optional(),
    // Worker threads reading documents (OCR, face models); 0 reads them in the calling thread.
    // Default: one per core (each holds its own OCR workers and a ~0.6 GB face model).
    DOCUMENT_WORKERS: z.coerce.number().int().min(0).max(32).optional(),
    RATE_LIMIT_API: windowLimit.prefault("1200/1m"),
    RATE_LIMIT_UPLOADS: windowLimit.prefault("30/10m"),
    RATE_LIMIT_ACCOUNT_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    RATE_LIMIT_IP_FAILURES: z.coerce.number().int().min(1).max(10_000).default(20),
    RATE_LIMIT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    // Reverse proxies in front that append the caller to X-Forwarded-For (0: the socket's peer is the caller).
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  })
  .superRefine((env, ctx) => {
    // A guessable or per-process session key in production would let anyone forge a staff session.
    // The embedded database means one process on one machine: it keeps its own key in DATA_DIR.
    if (env.NODE_ENV === "production" && !env.NETWORK_KEY && env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["NETWORK_KEY"],
        message:
          "is required in production with DATABASE_URL (it keys the fraud network's hashes); generate one with: openssl rand -base64 32",
      });
    }
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET && env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required in production (it signs staff sessions); generate one with: openssl rand -base64 32",
      });
    }
    const oidc = [env.AUTH_OIDC_ISSUER, env.AUTH_OIDC_CLIENT_ID, env.AUTH_OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc > 0 && oidc < 3) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_OIDC_ISSUER"],
        message: "AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID and AUTH_OIDC_CLIENT_SECRET go together",
      });
    }
    // PGlite is one process per data folder: a separate worker process cannot open it.
    if (env.WEBHOOK_WORKER === "external" && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEBHOOK_WORKER"],
        message: "external needs DATABASE_URL (the embedded database serves one process only)",
      });
    }
    if (env.WEBHOOK_LEASE_SECONDS !== undefined && env.WEBHOOK_LEASE_SECONDS <= env.WEBHOOK_TIMEOUT_SECONDS) {
      ctx.addIssue({ code: "custom", path: ["WEBHOOK_LEASE_SECONDS"], message: "must be longer than WEBHOOK_TIMEOUT_SECONDS" });
    }
  })
  .transform((env) => {
    const dev = env.NODE_ENV !== "production";
    let networkKey: string | undefined;
    return {
      nodeEnv: env.NODE_ENV,
      port: env.PORT,
      host: env.HOST,
      publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
      database: env.DATABASE_URL
        ? ({ kind: "postgres", url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE } as const)
        : ({ kind: "pglite", dataDir: path.resolve(env.DATA_DIR) } as const),
      dataDir: path.resolve(env.DATA_DIR),
      // The demo seed only makes sense on a database the app owns; default on for embedded mode.
      seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
      tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
      // Loopback webhook receivers are allowed where someone asked for it, outside production, and
      // on the embedded database (a single-machine install, whose own onboarding app is on localhost).
      webhookAllowLoopback: env.WEBHOOK_ALLOW_LOOPBACK ?? (dev || !env.DATABASE_URL),
      webhooks: {
        /** Where deliveries run: in this app process, or only in `npm run worker` processes. */
        worker: env.WEBHOOK_WORKER,
        retryScheduleSeconds: env.WEBHOOK_RETRY_SCHEDULE,
        timeoutMs: Math.round(env.WEBHOOK_TIMEOUT_SECONDS * 1000),
        // A delivery's lease outlives its timeout, so a live worker never loses a message it is sending.
        leaseSeconds: env.WEBHOOK_LEASE_SECONDS ?? env.WEBHOOK_TIMEOUT_SECONDS + 20,
        concurrency: env.WEBHOOK_CONCURRENCY,
        sweepSeconds: env.WEBHOOK_SWEEP_SECONDS,
      },
      logLevel: env.LOG_LEVEL,
      risk: { emailVelocity: env.RISK_EMAIL_VELOCITY, scoringModelFile: env.RISK_SCORING_MODEL_FILE ?? null },
      mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM },
      documents: { workers: env.DOCUMENT_WORKERS ?? null },
      rateLimits: {
        api: env.RATE_LIMIT_API,
        uploads: env.RATE_LIMIT_UPLOADS,
        failures: {
          perAccount: env.RATE_LIMIT_ACCOUNT_FAILURES,
          perIp: env.RATE_LIMIT_IP_FAILURES,
          maxDelaySeconds: env.RATE_LIMIT_MAX_DELAY_SECONDS,
        },
      },
      trustProxyHops: env.TRUST_PROXY_HOPS,
      // Embedded: kept beside the data. PostgreSQL outside production: a fixed development key, so
      // the app, the worker and the CLI agree without set-up.
      // Read on first use: only processes that hash (API, worker, CLI) make the file.
      // Read once, then kept: every live assessment and case asks for it.
      get networkKey(): string {
        networkKey ??=
          env.NETWORK_KEY ??
          (env.DATABASE_URL ? "development-network-key-not-for-production" : persistedSecret(path.resolve(env.DATA_DIR), "network-key"));
        return networkKey;
      },
      auth: {
        secret: env.AUTH_SECRET ?? (dev ? devAuthSecret() : persistedSecret(path.resolve(env.DATA_DIR), "auth-secret")),
        // The custom server is the only way in; set false behind a proxy that does not set Host.
        trustHost: env.AUTH_TRUST_HOST ?? true,
        oidc:
          env.AUTH_OIDC_ISSUER && env.AUTH_OIDC_CLIENT_ID && env.AUTH_OIDC_CLIENT_SECRET
            ? {
                issuer: env.AUTH_OIDC_ISSUER,
                clientId: env.AUTH_OIDC_CLIENT_ID,
                clientSecret: env.AUTH_OIDC_CLIENT_SECRET,
                name: env.AUTH_OIDC_NAME,
              }
            : null,
      },
    };
  });

export type AppConfig = z.output<typeof envSchema>;

// Outside production a random session key is made once per process. It lives on globalThis
// because Next bundles its own copies of this module: every copy must sign with the same key.
const DEV_AUTH_SECRET = Symbol.for("idv.devAuthSecret");
function devAuthSecret(): string {
  const holder = globalThis as { [DEV_AUTH_SECRET]?: string };
  holder[DEV_AUTH_SECRET] ??= randomBytes(32).toString("base64url");
  return holder[DEV_AUTH_SECRET];
}

/**
 * The embedded database: a key made on first start and kept beside the data (mode 600), so
 * sessions (production) and network hashes survive restarts without anyone setting a variable.
 */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim(); // another copy of this module wrote it first
    }
  }
}

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(
      "Invalid configuration:\n" +
        issues.map((i) => `  - ${i.variable}: ${i.message}`).join("\n") +
        "\nFix the variable(s) above (see .env.example) and start again.",
    );
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  // Empty strings count as unset, as most deployment tools write them for "no value".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const variable = String(issue.path[0] ?? "environment");
        const got = cleaned[variable];
        return { variable, message: got === undefined ? issue.message : `${issue.message} (got "${got}")` };
      }),
    );
  }
  return result.data;
}

let cached: AppConfig | undefined;

/** The process configuration, parsed on first use and then fixed. */
export function getConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
