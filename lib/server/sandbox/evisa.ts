import type { EvisaRecord } from "@/lib/db/schema";

/*
 * Sandbox eVisa share codes (real-api.md), answered without any lookup or billing:
 *   PASS12345  a current eVisa (Skilled Worker, 20 hours a week, no self-employment): every check passes
 *   FAIL12345  an eVisa that expired on 2025-01-31: evisa_not_expired fails (EXPIRY_DATE_PASSED)
 *   ERROR1234  the Home Office service does not answer: 503, retry after 30 s
 *   BADCODE12  no eVisa has this share code: evisa_exists fails (SHARE_CODE_ERROR)
 *   WRONGDOB1  the eVisa exists but the date of birth given is not its holder's: evisa_exists fails (INCORRECT_DETAILS)
 * Any other well-formed code answers as BADCODE12. The holder's date of birth is the one the request gives.
 */

export const SANDBOX_EVISA_ERROR_CODE = "ERROR1234";
export const SANDBOX_EVISA_RETRY_SECONDS = 30;
export const SANDBOX_EVISA_WRONG_DOB_CODE = "WRONGDOB1";

const holder = {
  firstName: "Amara",
  lastName: "Okafor",
  referenceNumber: "E1234567",
  nationality: "NGA",
  immigrationStatus: "Skilled Worker",
  maxWeeklyHours: "20",
  noSelfEmployment: "Not allowed to be self-employed",
  statusRecognised: true,
  importedAt: new Date("2026-01-01T00:00:00.000Z"),
};

/** The canned record behind a sandbox share code (null: no such eVisa), for the given date of birth. */
export function sandboxEvisaRecord(shareCode: string, dateOfBirth: string): EvisaRecord | null {
  if (shareCode === "PASS12345") return { ...holder, shareCode, dateOfBirth, validFrom: "2024-04-01", expirationDate: "2099-03-31" };
  if (shareCode === "FAIL12345") return { ...holder, shareCode, dateOfBirth, validFrom: "2022-02-01", expirationDate: "2025-01-31" };
  if (shareCode === SANDBOX_EVISA_WRONG_DOB_CODE)
    return {
      ...holder,
      shareCode,
      dateOfBirth: dateOfBirth === "1970-01-01" ? "1970-01-02" : "1970-01-01",
      validFrom: "2024-04-01",
      expirationDate: "2099-03-31",
    };
  return null;
}
