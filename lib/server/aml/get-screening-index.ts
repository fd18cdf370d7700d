import { and, asc, desc, gt, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { amlEntities, amlListVersions, type AmlListVersion } from "@/lib/db/schema";
import type { AmlRiskType } from "./list-entity";
import { buildScreeningIndex, PERSON_TYPES, type ScreeningEntity, type ScreeningIndex } from "./screening-index";

// The index lives on globalThis (Next bundles a second copy of server modules beside the custom
// server's, as with the database in lib/db), keyed by the current list versions: an import makes
// a new version, so the next screening rebuilds it; until then every screening reuses it.
const KEY = Symbol.for("idv.amlScreeningIndex");
type Cached = { key: string; index: Promise<ScreeningIndex> };
type Holder = { [KEY]?: Cached };
const holder = globalThis as Holder;

const PAGE = 5000;

/** The latest version of each source: what screening uses. Older versions stay for the record. */
export async function listCurrentAmlVersions(db: Db): Promise<AmlListVersion[]> {
  return db
    .selectDistinctOn([amlListVersions.source])
    .from(amlListVersions)
    .orderBy(amlListVersions.source, desc(amlListVersions.importedAt), desc(amlListVersions.id));
}

async function loadEntities(db: Db, versionIds: string[]): Promise<ScreeningEntity[]> {
  const out: ScreeningEntity[] = [];
  if (versionIds.length === 0) return out;
  // Keyset pages in primary-key order (the key's index walks them without sorting), so a list of
  // millions never sits in one result.
  let after = "";
  for (;;) {
    const page = await db
      .select({
        rowId: amlEntities.id,
        entityKey: amlEntities.entityKey,
        caption: amlEntities.caption,
        entityType: amlEntities.entityType,
        riskType: amlEntities.riskType,
        names: amlEntities.names,
        birthDates: amlEntities.birthDates,
        countries: amlEntities.countries,
        datasets: amlEntities.datasets,
      })
      .from(amlEntities)
      .where(and(inArray(amlEntities.listVersionId, versionIds), inArray(amlEntities.entityType, PERSON_TYPES), gt(amlEntities.id, after)))
      .orderBy(asc(amlEntities.id))
      .limit(PAGE);
    for (const { rowId: _rowId, riskType, ...entity } of page) out.push({ ...entity, riskType: riskType as AmlRiskType });
    if (page.length < PAGE) return out;
    after = page[page.length - 1]!.rowId;
  }
}

/** The screening index over the current list versions, built on first use after each import. */
export async function getScreeningIndex(db: Db): Promise<ScreeningIndex> {
  const versions = await listCurrentAmlVersions(db);
  const ids = versions.map((v) => v.id).sort();
  const key = ids.join(",");
  const cached = holder[KEY];
  if (cached && cached.key === key) return cached.index;
  const index = loadEntities(db, ids).then((entities) => buildScreeningIndex(entities, ids));
  holder[KEY] = { key, index };
  // A failed build must not stay cached.
  index.catch(() => {
    if (holder[KEY]?.index === index) delete holder[KEY];
  });
  return index;
}
