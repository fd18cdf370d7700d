import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { blocklistEntries } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { fail, ok, type Result } from "../shared/result";
import { authorizeChanger, toEntryView, type BlocklistChanger, type BlocklistEntryView } from "./blocklist-changer";

/**
 * Takes an entry off the blocklist (kept, with `removed_at`, for the record). A team removes
 * only its own entries (another team's id is "not found"); the platform operator any entry.
 * Audit-logged in the log of the team that added it.
 */
export async function removeBlocklistEntry(
  db: Db,
  input: { by: BlocklistChanger; id: string },
): Promise<Result<{ entry: BlocklistEntryView }>> {
  const who = await authorizeChanger(db, input.by);
  if (!who.ok) return who;
  const { teamId, actor } = who.value;
  return db.transaction(async (tx) => {
    const mine = teamId ? eq(blocklistEntries.addedByTeamId, teamId) : undefined;
    const [row] = await tx
      .update(blocklistEntries)
      .set({ removedAt: new Date() })
      .where(and(eq(blocklistEntries.id, input.id), isNull(blocklistEntries.removedAt), mine))
      .returning();
    if (!row) return fail("not_found", `No active blocklist entry ${input.id}`);
    // A platform entry's removal is a platform-level change (team null).
    await recordAudit(tx, {
      teamId: row.addedByTeamId,
      actor,
      action: "blocklist.entry_removed",
      targetType: "blocklist_entry",
      targetId: row.id,
      metadata: { kind: row.kind, label: row.label },
    });
    return ok({ entry: toEntryView(row) });
  });
}
