// What a referee must be and say (issue 13). Relationships are the real API's personal kinds;
// professions are the usual "countersignatory" list of UK passport applications.

export const REFEREE_RELATIONSHIPS = ["family", "friend", "colleague", "neighbour", "landlord", "other"] as const;
export type RefereeRelationship = (typeof REFEREE_RELATIONSHIPS)[number];

export const PROFESSIONS = [
  "accountant",
  "bank_or_building_society_officer",
  "civil_servant",
  "councillor",
  "doctor",
  "solicitor_or_barrister",
  "minister_of_religion",
  "nurse",
  "pharmacist",
  "police_officer",
  "social_worker",
  "teacher_or_lecturer",
] as const;

/** A personal referee must have known the person this long (relationship_minimum_duration_met). */
export const MIN_KNOWN_YEARS = 2;
/** One referee vouches for at most this many people per period (issue 13: team-configured; this is the default). */
export const REFEREE_LIMIT = 3;
export const REFEREE_LIMIT_PERIOD_DAYS = 365;

export const CONFIRM_ITEMS = ["name", "date_of_birth", "address"] as const;
export type ConfirmAnswer = "yes" | "no" | "not_sure";
