import type { Db } from "@/lib/db";
import { getScreeningIndex } from "./get-screening-index";
import type { AmlMatch, ScreeningQuery } from "./screening-index";

export interface ScreenPersonResult {
  /** Score ≥ threshold, best first. */
  matches: AmlMatch[];
  screenedAt: Date;
  /** The list versions screened against (empty when no list was ever imported). */
  listVersionIds: string[];
}

/** Screens one person against the current sanctions and PEP lists. */
export async function screenPerson(
  db: Db,
  person: ScreeningQuery,
  options: { threshold: number; limit?: number; now?: Date },
): Promise<ScreenPersonResult> {
  const index = await getScreeningIndex(db);
  const matches = index.screen(person, { threshold: options.threshold, limit: options.limit });
  return { matches, screenedAt: options.now ?? new Date(), listVersionIds: index.listVersionIds };
}
