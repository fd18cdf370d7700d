import countries from "i18n-iso-countries";
import type { CoverageItem } from "@/lib/contract";
import { SUPPORTING_DOCUMENT_TYPES } from "@/lib/contract";

/*
 * What the engines of this deployment can read, by what they truly implement (not a vendor's
 * catalogue): every ICAO 9303 passport (TD3 MRZ, issued by every state); ID cards with a TD1 or
 * TD2 MRZ, as issued across the EEA, Switzerland and the states below; the UK photocard driving
 * licence (no MRZ: its number encodes the holder); UK address documents; the data sources the
 * risk endpoint's enrichments use.
 */

const ALL_STATES = Object.keys(countries.getAlpha2Codes()).sort();
// States issuing national ID cards with an ICAO MRZ (TD1, or TD2 on older cards).
const MRZ_ID_CARD_STATES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IS",
  "IE",
  "IT",
  "LV",
  "LI",
  "LT",
  "LU",
  "MT",
  "NL",
  "NO",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "CH",
  "AL",
  "BA",
  "ME",
  "MK",
  "RS",
  "MD",
  "UA",
  "GE",
  "TR",
  "MA",
  "BR",
  "AR",
  "CL",
  "PE",
  "CO",
  "EC",
  "UY",
  "PY",
  "BO",
  "VE",
  "NG",
  "GH",
  "KE",
  "ZA",
  "SG",
  "MY",
  "ID",
  "TH",
  "VN",
  "PH",
].sort();

export function listCoverage(): CoverageItem[] {
  return [
    { id: "passport", name: "Passport (ICAO 9303 TD3)", type: "PHOTO_ID", country_codes: ALL_STATES, image: null },
    { id: "national_id", name: "National ID card (ICAO 9303 TD1/TD2)", type: "PHOTO_ID", country_codes: MRZ_ID_CARD_STATES, image: null },
    { id: "driving_licence", name: "Driving licence (photocard)", type: "PHOTO_ID", country_codes: ["GB"], image: null },
    ...SUPPORTING_DOCUMENT_TYPES.map((type) => ({
      id: type,
      name: type.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()),
      type: "SUPPORTING_DOCUMENT" as const,
      country_codes: ["GB"],
      image: null,
    })),
    { id: "credit_bureau", name: "Residency datasets (credit bureau enrichment)", type: "DATA_SOURCE", country_codes: ["GB"], image: null },
    {
      id: "aml",
      name: "Sanctions and PEP lists (OFAC, UN, OpenSanctions imports)",
      type: "DATA_SOURCE",
      country_codes: ALL_STATES,
      image: null,
    },
  ];
}
