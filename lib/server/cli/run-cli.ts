import fs from "node:fs";
import { parseArgs } from "node:util";
import { and, eq, isNull } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import { apiClients, modeEnum, roleEnum, teams, type Mode, type Role } from "@/lib/db/schema";
import { createApiClient } from "../auth/create-api-client";
import { importAddresses } from "../lookup/import-addresses";
import { createWorkflow } from "../verifications/create-workflow";
import { listApiClients } from "../auth/list-api-clients";
import { revokeApiClient } from "../auth/revoke-api-client";
import { amlCommands } from "./aml-commands";
import { CLI_ACTOR, oneOf, required, UsageError, unwrap, type CliCommandModule, type CliOutput, type CliValues } from "./command-module";
import { READ_DOCUMENT_USAGE } from "./document-commands";
import { COMPARE_FACES_USAGE, REEMBED_FACES_USAGE } from "./face-commands";
import { fraudCommands } from "./fraud-commands";
import { settingsCommands } from "./settings-commands";
import { addStaffMember } from "../teams/add-staff-member";
import { createTeam } from "../teams/create-team";
import { getWebhookEndpoint } from "../webhooks/get-webhook-endpoint";
import { replayFailedWebhooks, replayWebhookMessage } from "../webhooks/replay-webhooks";
import { rotateWebhookSecret } from "../webhooks/rotate-webhook-secret";
import { setWebhookEndpoint } from "../webhooks/set-webhook-endpoint";
import { setPartner } from "../teams/partner-teams";
import { parityCommands } from "./parity-commands";

const BASE_USAGE = `Usage: npm run cli -- <command> [options]   (prints JSON)

  create-team --name <name> [--redirect-url <url>]
  list-teams
  set-partner --team <id|slug> [--disabled]   (a partner team may create teams: POST /api/v1/team)
  create-user --team <id|slug> --email <email> --password <password> [--role owner|admin|reviewer|viewer] [--name <name>]
  create-credentials --team <id|slug> --mode live|sandbox [--name <name>]
  list-credentials --team <id|slug> --mode live|sandbox
  revoke-credentials --client-id <client id>
  import-addresses --team <id|slug> --file <csv> [--mode live|sandbox] [--replace]
  create-workflow --team <id|slug> --mode live|sandbox --id <workflow id> --name <name> --steps photo_id,video_selfie,...
  set-webhook --team <id|slug> --mode live|sandbox --url <https url> [--events Created,Verified,...|all] [--disabled|--enabled]
  show-webhook --team <id|slug> --mode live|sandbox
  rotate-webhook-secret --team <id|slug> --mode live|sandbox
  replay-webhooks --team <id|slug> --mode live|sandbox (--message <msg id> | --from <ISO time> --to <ISO time>)`;

const MODULES: CliCommandModule[] = [amlCommands, fraudCommands, settingsCommands, parityCommands];

export const CLI_USAGE = [
  BASE_USAGE,
  `  ${READ_DOCUMENT_USAGE}`,
  `  ${COMPARE_FACES_USAGE}`,
  `  ${REEMBED_FACES_USAGE}`,
  ...MODULES.flatMap((m) => m.usage.map((line) => `  ${line}`)),
].join("\n");

const ACTOR = CLI_ACTOR;

async function findTeam(db: Db, ref: string) {
  const team = await db.query.teams.findFirst({ where: (t, { eq, or }) => or(eq(t.id, ref), eq(t.slug, ref)) });
  if (!team) throw new UsageError(`No team "${ref}" (give its id or slug; see list-teams)`);
  return team;
}

async function findTenant(db: Db, values: Record<string, string | boolean | undefined>) {
  const team = await findTeam(db, required(values, "team"));
  return { teamId: team.id, mode: oneOf<Mode>(required(values, "mode"), modeEnum.enumValues, "mode") };
}

function isoTime(value: string, name: string): Date {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new UsageError(`--${name} must be an ISO 8601 time, e.g. 2026-11-21T00:00:00Z`);
  return at;
}

/** The admin CLI, as a function of arguments so tests drive exactly what `npm run cli` runs. */
export async function runCli(db: Db, argv: string[], options: { webhookAllowLoopback?: boolean } = {}): Promise<CliOutput> {
  const [command, ...rest] = argv;
  try {
    const { values } = parseArgs({
      args: rest,
      strict: true,
      options: {
        name: { type: "string" },
        team: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        mode: { type: "string" },
        "client-id": { type: "string" },
        "redirect-url": { type: "string" },
        file: { type: "string" },
        replace: { type: "boolean" },
        id: { type: "string" },
        steps: { type: "string" },
        url: { type: "string" },
        events: { type: "string" },
        disabled: { type: "boolean" },
        enabled: { type: "boolean" },
        message: { type: "string" },
        from: { type: "string" },
        to: { type: "string" },
        ...(Object.assign({}, ...MODULES.map((m) => m.options)) as Record<string, { type: "string" }>),
      },
    });
    const extra = command ? MODULES.find((m) => command in m.commands) : undefined;
    if (extra && command) return await extra.commands[command]!(db, values as CliValues);
    switch (command) {
      case "create-team": {
        const result = await createTeam(db, {
          name: required(values, "name"),
          defaultRedirectUrl: values["redirect-url"] ?? null,
          actor: ACTOR,
        });
        return result.ok ? { exitCode: 0, output: { ok: true, team: result.value } } : unwrap(result);
      }
      case "set-partner": {
        const team = await findTeam(db, required(values, "team"));
        const result = await setPartner(db, team.id, values.disabled !== true, ACTOR);
        return result.ok ? { exitCode: 0, output: { ok: true, team_id: result.value.id, partner: result.value.partner } } : unwrap(result);
      }
      case "list-teams":
        return { exitCode: 0, output: { ok: true, teams: await db.select().from(teams).orderBy(teams.createdAt) } };
      case "create-user": {
        const team = await findTeam(db, required(values, "team"));
        const role = oneOf<Role>(values.role ?? "owner", roleEnum.enumValues, "role");
        return unwrap(
          await addStaffMember(db, {
            teamId: team.id,
            email: required(values, "email"),
            password: required(values, "password"),
            name: values.name,
            role,
            actor: ACTOR,
          }),
        );
      }
      case "create-credentials": {
        const team = await findTeam(db, required(values, "team"));
        const mode = oneOf<Mode>(required(values, "mode"), modeEnum.enumValues, "mode");
        const result = await createApiClient(db, { teamId: team.id, mode }, { name: values.name, actor: ACTOR });
        if (!result.ok) return unwrap(result);
        const { clientId, clientSecret, ...rest } = result.value;
        return { exitCode: 0, output: { ok: true, team_id: team.id, client_id: clientId, client_secret: clientSecret, ...rest } };
      }
      case "list-credentials": {
        const team = await findTeam(db, required(values, "team"));
        const mode = oneOf<Mode>(required(values, "mode"), modeEnum.enumValues, "mode");
        return { exitCode: 0, output: { ok: true, credentials: await listApiClients(db, { teamId: team.id, mode }) } };
      }
      case "revoke-credentials": {
        const clientId = required(values, "client-id");
        const row = await db.query.apiClients.findFirst({ where: and(eq(apiClients.clientId, clientId), isNull(apiClients.revokedAt)) });
        if (!row) throw new UsageError(`No active credential with client id "${clientId}"`);
        return unwrap(await revokeApiClient(db, { teamId: row.teamId, mode: row.mode }, { clientId, actor: ACTOR }));
      }
      case "import-addresses": {
        const team = await findTeam(db, required(values, "team"));
        const mode = oneOf<Mode>(values.mode ?? "live", modeEnum.enumValues, "mode");
        const file = required(values, "file");
        if (!fs.existsSync(file)) throw new UsageError(`No file ${file}`);
        const report = await importAddresses(db, { teamId: team.id, mode }, { file, replace: values.replace === true, actor: ACTOR });
        return { exitCode: report.rejected.length ? 1 : 0, output: { ok: report.rejected.length === 0, ...report } };
      }
      case "create-workflow": {
        const team = await findTeam(db, required(values, "team"));
        const mode = oneOf<Mode>(required(values, "mode"), modeEnum.enumValues, "mode");
        const steps = required(values, "steps")
          .split(",")
          .map((s) => s.trim());
        const result = await createWorkflow(
          db,
          { teamId: team.id, mode },
          { id: required(values, "id"), name: required(values, "name"), steps, actor: ACTOR },
        );
        return unwrap(result);
      }
      case "set-webhook": {
        const tenant = await findTenant(db, values);
        const events = values.events
          ?.split(",")
          .map((e) => e.trim())
          .filter(Boolean);
        const allowLoopback = options.webhookAllowLoopback ?? getConfig().webhookAllowLoopback;
        // Options left out keep their current value; `--events all` clears the filter.
        const enabled = values.disabled ? false : values.enabled ? true : undefined;
        const result = await setWebhookEndpoint(db, {
          tenant,
          actor: ACTOR,
          url: required(values, "url"),
          events: events?.includes("all") ? [] : events,
          enabled,
          allowLoopback,
        });
        if (!result.ok) return unwrap(result);
        const { endpoint, secret } = result.value;
        const shown = secret
          ? { secret, note: "The signing secret is shown once; store it now (rotate-webhook-secret makes a new one)." }
          : {};
        return { exitCode: 0, output: { ok: true, team_id: tenant.teamId, mode: tenant.mode, endpoint, ...shown } };
      }
      case "show-webhook": {
        const tenant = await findTenant(db, values);
        return {
          exitCode: 0,
          output: { ok: true, team_id: tenant.teamId, mode: tenant.mode, endpoint: await getWebhookEndpoint(db, tenant) },
        };
      }
      case "rotate-webhook-secret": {
        const tenant = await findTenant(db, values);
        const result = await rotateWebhookSecret(db, { tenant, actor: ACTOR });
        return result.ok
          ? { exitCode: 0, output: { ok: true, team_id: tenant.teamId, mode: tenant.mode, ...result.value } }
          : unwrap(result);
      }
      case "replay-webhooks": {
        const tenant = await findTenant(db, values);
        if (values.message) {
          const result = await replayWebhookMessage(db, { tenant, actor: ACTOR, id: values.message });
          return result.ok ? { exitCode: 0, output: { ok: true, replayed: 1, message: result.value } } : unwrap(result);
        }
        if (!values.from || !values.to)
          throw new UsageError("Give --message <id>, or --from and --to (failed messages created in that range)");
        return unwrap(
          await replayFailedWebhooks(db, { tenant, actor: ACTOR, from: isoTime(values.from, "from"), to: isoTime(values.to, "to") }),
        );
      }
      default:
        throw new UsageError(command ? `Unknown command "${command}"` : "No command given");
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      return { exitCode: 2, output: { ok: false, error: { message: (error as Error).message }, usage: CLI_USAGE } };
    }
    throw error;
  }
}
