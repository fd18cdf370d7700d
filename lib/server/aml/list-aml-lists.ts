import { desc } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { amlListVersions, type AmlListVersion } from "@/lib/db/schema";
import { listCurrentAmlVersions } from "./get-screening-index";

export interface AmlListVersionView extends AmlListVersion {
  /** The latest version of its source: the one screening uses. */
  current: boolean;
}

/** Every imported list version, newest first, each marked current or not. */
export async function listAmlLists(db: Db): Promise<AmlListVersionView[]> {
  const [all, current] = await Promise.all([
    db.select().from(amlListVersions).orderBy(desc(amlListVersions.importedAt), desc(amlListVersions.id)),
    listCurrentAmlVersions(db),
  ]);
  const currentIds = new Set(current.map((v) => v.id));
  return all.map((v) => ({ ...v, current: currentIds.has(v.id) }));
}
