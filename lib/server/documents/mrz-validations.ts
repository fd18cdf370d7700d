import type { MrzDecision } from "./mrz/accept-mrz";
import type { PhotoIdKind } from "./types";
import { check, failed, notPerformed, pass, type Validations } from "./validation";

// Specimen documents published by issuers (ICAO 9303's example passport, Germany's Mustermann
// specimens): a photo of one is never a person's document.
const SPECIMEN_NAMES = /^(SPECIMEN|SAMPLE|MUSTERMANN|ERIKSSON<<ANNA<MARIA|SPECIMAN)/;
/** The word SPECIMEN anywhere among the names (Croatia's UZORAK<<SPECIMEN: "uzorak" is Croatian for specimen). */
const SPECIMEN_WORD = /(^|<)SPECIMEN(<|$)/;
/** A number of zeros only is a placeholder, never an issued document's. */
const PLACEHOLDER_NUMBER = /^0+$/;
const SPECIMEN_NUMBERS = new Set(["L898902C3", "C01X00T47", "T22000129", "D23145890", "123456789", "AA0000000"]);

/** The passport / ID card validations of real-api.md from an accepted MRZ, or what could not be checked. */
export function mrzValidations(decision: Extract<MrzDecision, { accepted: true }> | null, kind: PhotoIdKind, now: Date): Validations {
  if (!decision) {
    const why = notPerformed("The document could not be read with certainty");
    return {
      required_fields_extracted: failed(["INCOMPLETE_MRZ_DATA"]),
      mrz_check_digits_valid: why,
      icao_format_valid: failed(["INCOMPLETE_MRZ_DATA"]),
      has_not_expired: why,
      not_specimen: why,
      compound_identifiers_match: why,
      not_screenshot: notPerformed("No screenshot detector is configured"),
      document_dimensions_matched: why,
    };
  }
  const { identity, format } = decision.parsed;
  const today = now.toISOString().slice(0, 10);
  const formatFits = kind === "passport" ? format === "TD3" : format === "TD1" || format === "TD2" || format === "FRENCH_ID";
  const nameZone = format === "TD1" ? decision.lines[2]! : decision.lines[0]!.slice(5);
  // ICAO 9303 reserves "UTO" (Utopia) for its specimens; any other code the parser does not know is not a state.
  const unknown = decision.parsed.unknownStates;
  const specimenReasons = [
    ...(SPECIMEN_NAMES.test(nameZone) || SPECIMEN_WORD.test(nameZone) ? ["SAMPLE_NAME_DETECTED"] : []),
    ...(identity.documentNumber && (SPECIMEN_NUMBERS.has(identity.documentNumber) || PLACEHOLDER_NUMBER.test(identity.documentNumber))
      ? ["SAMPLE_DOCUMENT_NUMBER_DETECTED"]
      : []),
    ...(unknown.includes("UTO") ? ["SPECIMEN_STATE_DETECTED"] : []),
  ];
  const unknownState = unknown.some((code) => code !== "UTO");
  // France's 1994–2021 card carries no expiry date in its MRZ (it is printed on the back only).
  const noExpiryInMrz = format === "FRENCH_ID";
  const required = [
    identity.lastName,
    identity.documentNumber,
    identity.dateOfBirth,
    noExpiryInMrz || identity.expirationDate,
    identity.issuingCountry,
  ].every(Boolean);
  return {
    required_fields_extracted: check(required, ["INCOMPLETE_MRZ_DATA"]),
    // The gate accepts only readings whose every check digit passes.
    mrz_check_digits_valid:
      decision.by === "witnesses_settle"
        ? {
            ...pass(),
            message: "Two readings disagreed on a few cells; each was settled by further readings of it, then the check digits passed",
          }
        : pass(),
    icao_format_valid: unknownState
      ? failed(["UNKNOWN_STATE_CODE"])
      : check(formatFits, [kind === "passport" ? "MRZ_NOT_TD3" : "MRZ_NOT_TD1"]),
    has_not_expired: noExpiryInMrz
      ? notPerformed("This card's machine-readable zone carries no expiry date")
      : !identity.expirationDate
        ? failed(["INVALID_DOCUMENT_DATE_FORMAT"])
        : check(identity.expirationDate >= today, ["EXPIRY_DATE_PASSED"]),
    not_specimen: specimenReasons.length ? failed(specimenReasons) : pass(),
    compound_identifiers_match: notPerformed("The printed (visual) zone is not read; the MRZ's composite check digit is checked"),
    not_screenshot: notPerformed("No screenshot detector is configured"),
    document_dimensions_matched: formatFits ? pass(1) : failed(["LOW_DOC_TYPE_MATCH"], { score: 0 }),
  };
}
