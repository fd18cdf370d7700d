import type { Db } from "@/lib/db";
import type { BlocklistEntry } from "@/lib/db/schema";
import { authorizeStaff, type StaffRef } from "../console/authorize-staff";
import { ok, type Result } from "../shared/result";
import type { Actor } from "../shared/tenant";

/**
 * Who changes the blocklist: a team's owner or admin in the console (their entries carry the
 * team), or the platform operator through the CLI (entries without a team).
 */
export type BlocklistChanger = { staff: StaffRef; teamId: string } | { platform: Actor };

export async function authorizeChanger(db: Db, by: BlocklistChanger): Promise<Result<{ actor: Actor; teamId: string | null }>> {
  if ("platform" in by) return ok({ actor: by.platform, teamId: null });
  const allowed = await authorizeStaff(db, { staff: by.staff, teamId: by.teamId, permission: "manage_settings" });
  return allowed.ok ? ok({ actor: allowed.value.actor, teamId: by.teamId }) : allowed;
}

/** An entry as its owner sees it (never the keys or the embedding). */
export interface BlocklistEntryView {
  id: string;
  kind: string;
  label: string;
  reason: string;
  addedByTeamId: string | null;
  addedBy: string | null;
  createdAt: string;
  removedAt: string | null;
}

export function toEntryView(row: BlocklistEntry): BlocklistEntryView {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    reason: row.reason,
    addedByTeamId: row.addedByTeamId,
    addedBy: row.addedBy,
    createdAt: row.createdAt.toISOString(),
    removedAt: row.removedAt?.toISOString() ?? null,
  };
}
