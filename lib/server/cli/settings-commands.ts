import { applyRetention } from "../settings/apply-retention";
import { CLI_ACTOR, UsageError, type CliCommandModule } from "./command-module";

/** Team settings: the data retention run (issue 5). */
export const settingsCommands: CliCommandModule = {
  usage: ["apply-retention [--team <id|slug>]   deletes records older than each team's retention period now (it also runs daily)"],
  options: {},
  commands: {
    "apply-retention": async (db, values) => {
      let teamId: string | undefined;
      if (typeof values.team === "string") {
        const ref = values.team.trim();
        const team = await db.query.teams.findFirst({
          where: (t, { eq, or }) => or(eq(t.id, ref), eq(t.slug, ref)),
          columns: { id: true },
        });
        if (!team) throw new UsageError(`No team "${ref}" (give its id or slug; see list-teams)`);
        teamId = team.id;
      }
      const report = await applyRetention(db, { teamId, actor: CLI_ACTOR });
      return { exitCode: 0, output: { ok: true, ...report } };
    },
  },
};
