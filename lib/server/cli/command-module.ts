import type { Db } from "@/lib/db";
import type { Result } from "../shared/result";

export type CliOutput = { exitCode: number; output: unknown };
export type CliValues = Record<string, string | boolean | undefined>;

export const CLI_ACTOR = { type: "cli" as const, id: process.env.USER ?? "cli" };

/** A wrong or missing argument: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export function required(values: CliValues, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || !value.trim()) throw new UsageError(`--${name} is required`);
  return value.trim();
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(", ")}`);
  return value as T;
}

export function unwrap<T>(result: Result<T>): CliOutput {
  return result.ok ? { exitCode: 0, output: { ok: true, ...result.value } } : { exitCode: 1, output: { ok: false, error: result.error } };
}

/**
 * A group of CLI commands kept beside its capability (AML lists, fraud network, ...), registered
 * in run-cli.ts. Its options are merged with the others' (same name = same meaning).
 */
export interface CliCommandModule {
  /** Usage lines, one per command. */
  usage: string[];
  /** parseArgs options: strings and booleans only (no `multiple`). */
  options: Record<string, { type: "string" | "boolean"; short?: string }>;
  commands: Record<string, (db: Db, values: CliValues) => Promise<CliOutput>>;
}
