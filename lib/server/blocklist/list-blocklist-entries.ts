import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { blocklistEntries } from "@/lib/db/schema";
import { toEntryView, type BlocklistEntryView } from "./blocklist-changer";

/**
 * Blocklist entries, newest first. A team (`teamId`) sees only the entries it added; the
 * platform operator (`teamId: null`, the CLI) sees all. Removed entries only when asked.
 */
export async function listBlocklistEntries(
  db: Db,
  input: { teamId: string | null; includeRemoved?: boolean; limit?: number },
): Promise<BlocklistEntryView[]> {
  const rows = await db
    .select()
    .from(blocklistEntries)
    .where(
      and(
        input.teamId ? eq(blocklistEntries.addedByTeamId, input.teamId) : undefined,
        input.includeRemoved ? undefined : isNull(blocklistEntries.removedAt),
      ),
    )
    .orderBy(desc(blocklistEntries.createdAt), desc(blocklistEntries.id))
    .limit(Math.min(input.limit ?? 500, 5000));
  return rows.map(toEntryView);
}
