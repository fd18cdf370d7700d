import type { AlertMatch } from "@/lib/db/schema";
import { compareBirthDates } from "./birth-dates";
import { toCountryCode } from "./countries";
import type { AmlDataset, AmlRiskType } from "./list-entity";
import type { NameIndex } from "./matching/name-index";
import { NameIndexBuilder } from "./matching/name-index-builder";

/*
 * The screening index: listed people with their names filed in a NameIndex, and the rules that
 * lift or lower a name's score with what else is known: the same date of birth lifts it (+4, or
 * +2 where the list gives only the year or month), a date a year off lowers it (−4), a different
 * one lowers it more (−12); a matching country lifts it (+2). Built once per set of list versions.
 */

export interface ScreeningEntity {
  entityKey: string;
  caption: string;
  entityType: string;
  riskType: AmlRiskType;
  names: string[];
  birthDates: string[];
  countries: string[];
  datasets: AmlDataset[];
}

/** A match as alerts store it, with the list's risk type beside it. */
export interface AmlMatch extends AlertMatch {
  risk_type: AmlRiskType;
}

export interface ScreeningQuery {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth?: string | null;
  /** ISO alpha-2 or a country name. */
  country?: string | null;
}

const DOB_ADJUST = { same_day: 4, same_year: 2, near: -4, different: -12, unknown: 0 } as const;
const COUNTRY_LIFT = 2;
const MAX_LIFT = DOB_ADJUST.same_day + COUNTRY_LIFT;

/** Entity types a person is screened against. */
export const PERSON_TYPES = ["Person", "LegalEntity"];

export function toAlertMatch(match: AlertMatch): AlertMatch {
  return { id: match.id, caption: match.caption, entity_type: match.entity_type, datasets: match.datasets, score: match.score };
}

export class ScreeningIndex {
  constructor(
    readonly listVersionIds: string[],
    private readonly entities: ScreeningEntity[],
    readonly names: NameIndex,
  ) {}

  get entityCount(): number {
    return this.entities.length;
  }

  /** Listed people scoring at least `threshold` (0–100 in whole points, rounded down), best first. */
  screen(query: ScreeningQuery, options: { threshold: number; limit?: number }): AmlMatch[] {
    const country = toCountryCode(query.country);
    const hits = this.names.search(`${query.firstName} ${query.lastName}`, options.threshold - MAX_LIFT);
    const matches: AmlMatch[] = [];
    for (const hit of hits) {
      const entity = this.entities[hit.entity]!;
      let score = hit.score + DOB_ADJUST[compareBirthDates(query.dateOfBirth, entity.birthDates)];
      if (country && entity.countries.includes(country)) score += COUNTRY_LIFT;
      score = Math.floor(Math.max(0, Math.min(100, score)));
      if (score < options.threshold) continue;
      matches.push({
        id: entity.entityKey,
        caption: entity.caption,
        entity_type: entity.entityType,
        datasets: entity.datasets,
        score,
        risk_type: entity.riskType,
      });
    }
    matches.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
    // One entity can come from two sources (OpenSanctions' two exports): named once, at its best.
    const seen = new Set<string>();
    return matches.filter((m) => !seen.has(m.id) && seen.add(m.id)).slice(0, options.limit ?? 20);
  }
}

/** Builds the index over the given entities (people only are screened). */
export function buildScreeningIndex(entities: Iterable<ScreeningEntity>, listVersionIds: string[]): ScreeningIndex {
  const builder = new NameIndexBuilder();
  const kept: ScreeningEntity[] = [];
  for (const entity of entities) {
    if (!PERSON_TYPES.includes(entity.entityType)) continue;
    const number = kept.length;
    kept.push(entity);
    for (const name of entity.names) builder.add(number, name);
  }
  return new ScreeningIndex(listVersionIds, kept, builder.build(kept.length));
}
