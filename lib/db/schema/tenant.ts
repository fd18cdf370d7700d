import { text } from "drizzle-orm/pg-core";
import { modeEnum } from "./common";
import { teams } from "./teams";

/** The columns every tenant table starts with: its team (rows go with the team) and its mode. */
export const tenantColumns = () => ({
  teamId: text("team_id")
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" }),
  mode: modeEnum("mode").notNull(),
});
