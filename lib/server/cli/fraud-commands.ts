import type { CliCommandModule } from "./command-module";

/** Fraud network: blocklist, residency datasets (issue 7). */
export const fraudCommands: CliCommandModule = { usage: [], options: {}, commands: {} };
