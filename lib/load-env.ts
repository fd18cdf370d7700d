import nextEnv from "@next/env";

/**
 * Loads .env, .env.local and .env.<mode> the way Next does, so the custom server, the CLI and
 * the migrator read the same variables as the pages. Call before getConfig().
 */
export function loadEnvFiles(dev: boolean): void {
  // @next/env is a CommonJS bundle: its named exports are reachable through the default import.
  nextEnv.loadEnvConfig(process.cwd(), dev, { info: () => {}, error: console.error });
}
