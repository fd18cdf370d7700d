import type { CliCommandModule } from "./command-module";

/** AML list imports (issue 7). */
export const amlCommands: CliCommandModule = { usage: [], options: {}, commands: {} };
