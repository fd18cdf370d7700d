import path from "node:path";
import { z } from "zod";

// Every environment variable the app reads, parsed once. A bad value stops the app with a
// message naming the variable (see formatConfigError) instead of failing somewhere later.

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
    message: "must be a postgres:// or postgresql:// connection URL",
  });

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
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  })
  .transform((env) => {
    const dev = env.NODE_ENV !== "production";
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
      // Loopback webhook receivers are allowed only where someone asked for it or outside production.
      webhookAllowLoopback: env.WEBHOOK_ALLOW_LOOPBACK ?? dev,
      logLevel: env.LOG_LEVEL,
    };
  });

export type AppConfig = z.output<typeof envSchema>;

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
