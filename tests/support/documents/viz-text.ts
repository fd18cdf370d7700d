import { issuingState } from "./countries";
import type { Person } from "./people";

/* How the visual inspection zone prints a person's data (what a VIZ reader should find). */
export interface VizText {
  surname: string;
  givenNames: string;
  nationality: string;
  dateOfBirth: string;
  sex: string;
  placeOfBirth: string;
  dateOfIssue: string;
  dateOfExpiry: string;
  authority: string;
  documentNumber: string;
  stateName: string;
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DOTTED_DATES = new Set(["DEU", "AUT", "CHE", "POL", "NOR", "DNK", "FIN", "ISL", "NLD"]);
const NATIONALITY_WORDS: Record<string, string> = {
  GBR: "BRITISH CITIZEN",
  IRL: "IRISH",
  DEU: "DEUTSCH",
  FRA: "FRANÇAISE",
  ESP: "ESPAÑOLA",
  POL: "POLSKIE",
  USA: "UNITED STATES OF AMERICA",
  CAN: "CANADIAN/CANADIENNE",
  AUS: "AUSTRALIAN",
  IND: "INDIAN",
  NGA: "NIGERIAN",
  CHN: "CHINESE",
  SWE: "SVENSK",
  NOR: "NORSK",
  PRT: "PORTUGUESA",
  BRA: "BRASILEIRO(A)",
};

export function vizDate(iso: string, stateCode: string): string {
  const [y = "", m = "", d = ""] = iso.split("-");
  if (DOTTED_DATES.has(stateCode)) return `${d}.${m}.${y}`;
  if (stateCode === "FRA" || stateCode === "ESP" || stateCode === "PRT") return `${d} ${m} ${y}`;
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
}

export function vizText(person: Person): VizText {
  const state = person.issuingState;
  return {
    surname: person.surname.toLocaleUpperCase("en"),
    givenNames: person.givenNames.toLocaleUpperCase("en"),
    nationality: NATIONALITY_WORDS[person.nationality] ?? person.nationality,
    dateOfBirth: vizDate(person.dateOfBirth, state),
    sex: person.sex,
    placeOfBirth: person.placeOfBirth,
    dateOfIssue: vizDate(person.dateOfIssue, state),
    dateOfExpiry: vizDate(person.dateOfExpiry, state),
    authority: person.authority,
    documentNumber: person.documentNumber,
    stateName: issuingState(state).name,
  };
}
