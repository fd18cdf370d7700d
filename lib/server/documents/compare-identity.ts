import { doubleMetaphone } from "double-metaphone";
import { jaroWinkler } from "../aml/matching/jaro-winkler";
import { normalizeText, skeleton } from "../aml/matching/normalize";

/*
 * Does the name on a document belong to the person who claims it? The document spells it the
 * ICAO way (MÜLLER → MUELLER or MULLER, truncated to fit the MRZ); the person types it the way
 * they write it (Müller, Mohammed for MUHAMMAD). Tokens are compared after the AML folding
 * (transliteration skeletons, then Double Metaphone with the same first letter and close spelling): the same names
 * written two ways agree, different names do not.
 */

// ICAO 9303 part 3 transliterations that plain ASCII folding (any-ascii: Ü → U) misses.
const ICAO_EXPANSIONS: [RegExp, string][] = [
  [/[äÄ]/g, "ae"],
  [/[öÖ]/g, "oe"],
  [/[üÜ]/g, "ue"],
  [/[åÅ]/g, "aa"],
  [/[æÆ]/g, "ae"],
  [/[øØ]/g, "oe"],
  [/ß/g, "ss"],
  [/[þÞ]/g, "th"],
  [/[ĳĲ]/g, "ij"],
];

/** Token spellings of a name: plain ASCII folding and, if different, the ICAO expansion. */
function spellings(name: string): string[][] {
  const plain = normalizeText(name).split(" ").filter(Boolean);
  let expanded = name;
  for (const [pattern, replacement] of ICAO_EXPANSIONS) expanded = expanded.replace(pattern, replacement);
  const icao = normalizeText(expanded).split(" ").filter(Boolean);
  return icao.join(" ") === plain.join(" ") ? [plain] : [plain, icao];
}

function sameToken(a: string, b: string): boolean {
  if (a === b || skeleton(a) === skeleton(b)) return true;
  if (a[0] !== b[0] || a.length < 3 || b.length < 3) return false;
  const [a1, a2] = doubleMetaphone(a);
  const [b1, b2] = doubleMetaphone(b);
  // Sound alone is too loose (John/Jean share their codes): the spellings must also be close.
  return (a1 === b1 || (a2 !== "" && a2 === b2)) && jaroWinkler(a, b) >= 0.8;
}

/** Glued spellings equal ("Mac Donald" / "MACDONALD") or one a truncation of the other. */
function sameGlued(doc: string[], claim: string[], truncated: boolean): boolean {
  const d = doc.join("");
  const c = claim.join("");
  return d === c || (truncated && d.length >= 2 && c.startsWith(d));
}

export interface NameComparison {
  consistent: boolean;
  /** Which part disagreed, for reviewers: "last_name", "first_name". */
  mismatches: string[];
}

/**
 * `truncated`: the document's name zone was full, so its last name may be cut short. First names
 * agree when the document's first given name matches the claim's first given name (a person may
 * leave out middle names; a document may hold only the first).
 */
export function compareNames(
  document: { firstName: string | null; lastName: string | null },
  claim: { firstName?: string | null; lastName?: string | null },
  options: { truncated?: boolean } = {},
): NameComparison {
  const mismatches: string[] = [];
  const check = (field: "last_name" | "first_name", docName: string | null, claimName: string | null | undefined) => {
    if (!claimName) return;
    if (!docName) return void mismatches.push(field);
    const ok = spellings(docName).some((doc) =>
      spellings(claimName).some((claimed) => {
        if (field === "last_name") {
          if (sameGlued(doc, claimed, options.truncated ?? false)) return true;
          return doc.length === claimed.length && doc.every((token, i) => sameToken(token, claimed[i]!));
        }
        const first = doc[0];
        const claimedFirst = claimed[0];
        if (!first || !claimedFirst) return false;
        return sameToken(first, claimedFirst) || ((options.truncated ?? false) && first.length >= 1 && claimedFirst.startsWith(first));
      }),
    );
    if (!ok) mismatches.push(field);
  };
  check("last_name", document.lastName, claim.lastName);
  check("first_name", document.firstName, claim.firstName);
  return { consistent: mismatches.length === 0, mismatches };
}
