import { normalizeText } from "../aml/matching/normalize";

/*
 * The words that make news about a person adverse, each with a weight: how strongly the term on
 * its own says "this is adverse", 0–100. A phrase is matched on folded words (normalizeText), a
 * trailing `*` matching any ending ("launder*": launders, laundered, laundering). Where a word has
 * another, harmless sense ("sentence", "charge", "fine") only its unambiguous forms are listed.
 * Exculpatory terms weigh below zero and take adversity away; neutral phrases (weight 0) are there
 * to swallow the words they contain ("anti-money laundering" is a job, not a crime). Where several
 * terms start at one word, the longest wins.
 */

export type AdverseCategory =
  | "financial_crime"
  | "sanctions"
  | "organised_crime"
  | "terrorism"
  | "drug_trafficking"
  | "human_trafficking"
  | "regulatory"
  | "legal"
  | "allegation"
  | "exculpatory"
  | "neutral";

type Terms = Record<string, number>;

export const LEXICON: Record<AdverseCategory, Terms> = {
  financial_crime: {
    "fraud*": 60,
    "fraudster*": 75,
    "defraud*": 75,
    "tax fraud": 85,
    "wire fraud": 85,
    "securities fraud": 85,
    "accounting fraud": 85,
    "benefit fraud": 80,
    "mortgage fraud": 80,
    "insurance fraud": 80,
    "money laundering": 80,
    "launder*": 70,
    "embezzl*": 80,
    "brib*": 65,
    bribery: 75,
    bribed: 75,
    "kickback*": 70,
    corruption: 65,
    corrupt: 55,
    "tax evasion": 80,
    "evaded tax*": 75,
    "ponzi*": 85,
    "pyramid scheme*": 75,
    "insider trading": 80,
    "market manipulation": 75,
    "market abuse": 70,
    "false accounting": 75,
    "misappropriat*": 75,
    "scam*": 55,
    "scammer*": 70,
    forgery: 60,
    forged: 55,
    "counterfeit*": 55,
    theft: 55,
    stole: 45,
    "swindl*": 70,
    "extort*": 75,
    "racketeer*": 80,
  },
  sanctions: {
    sanctioned: 80,
    sanctions: 55,
    "sanctions evasion": 85,
    "evading sanctions": 85,
    "breached sanctions": 85,
    "sanctions list*": 75,
    ofac: 60,
    "sdn list": 75,
    "specially designated national*": 75,
    "asset freeze*": 75,
    "assets frozen": 75,
    "assets were frozen": 75,
    "froze his assets": 75,
    "froze her assets": 75,
    "freezing order": 65,
    blacklisted: 60,
    "travel ban": 60,
    embargo: 45,
  },
  organised_crime: {
    "organised crime": 75,
    "organized crime": 75,
    "crime boss": 80,
    "crime family": 75,
    "cartel*": 60,
    mafia: 65,
    "mobster*": 75,
    gang: 40,
    gangs: 40,
    "gangster*": 65,
    "murder*": 80,
    manslaughter: 75,
    "kidnap*": 75,
    "armed robbery": 80,
    robbery: 60,
    assault: 60,
    "arms trafficking": 85,
    "weapons trafficking": 85,
    "gun running": 80,
    "smuggl*": 65,
    contraband: 55,
  },
  terrorism: {
    "terrorist financing": 90,
    "terrorism financing": 90,
    "financing terrorism": 90,
    "financing of terrorism": 90,
    terrorist: 70,
    terrorists: 70,
    terrorism: 65,
    "extremist*": 50,
    "militant*": 45,
  },
  drug_trafficking: {
    "drug trafficking": 90,
    "drug trafficker*": 90,
    "drugs trafficking": 90,
    "drug smuggl*": 85,
    "drug dealer*": 75,
    "drug dealing": 75,
    "narcotic*": 60,
    cocaine: 50,
    heroin: 50,
    methamphetamine: 50,
    trafficking: 70,
    trafficked: 70,
    "trafficker*": 75,
  },
  human_trafficking: {
    "human trafficking": 90,
    "people trafficking": 90,
    "sex trafficking": 90,
    "people smuggl*": 85,
    "modern slavery": 85,
    "forced labour": 75,
    "forced labor": 75,
    "child labour": 60,
    "child labor": 60,
  },
  regulatory: {
    fined: 55,
    penalised: 40,
    penalized: 40,
    banned: 50,
    "banned from": 55,
    "banned director": 70,
    disqualified: 55,
    "director disqualification": 75,
    "disqualification order": 70,
    "struck off": 65,
    debarred: 60,
    censured: 45,
    reprimanded: 35,
    "enforcement action": 50,
    "licence revoked": 60,
    "license revoked": 60,
    "revoked his licence": 60,
    "revoked her licence": 60,
    misconduct: 45,
    malpractice: 50,
    "cease and desist": 45,
    "breach of regulations": 45,
  },
  legal: {
    charged: 50,
    charges: 40,
    "charge sheet": 50,
    "convict*": 80,
    "found guilty": 85,
    guilty: 60,
    "pleaded guilty": 90,
    "pleads guilty": 90,
    "pled guilty": 90,
    "admitted guilt": 85,
    "indict*": 70,
    arrested: 60,
    arrest: 50,
    "arrest warrant": 65,
    sentenced: 80,
    "prison sentence": 75,
    jailed: 85,
    jail: 50,
    imprisoned: 80,
    imprisonment: 70,
    prison: 45,
    "remanded in custody": 70,
    "in custody": 50,
    "police custody": 55,
    detained: 50,
    prosecuted: 60,
    prosecution: 45,
    "extradit*": 60,
    fugitive: 65,
    "wanted by": 55,
    "on trial": 45,
    "stood trial": 45,
    "standing trial": 45,
    trial: 30,
    "convicted criminal": 90,
  },
  allegation: {
    accused: 35,
    alleged: 30,
    allegedly: 30,
    "allegation*": 30,
    suspected: 35,
    suspect: 35,
    investigated: 35,
    investigation: 30,
    "under investigation": 45,
    probe: 30,
    probed: 35,
    raid: 35,
    raided: 40,
    seized: 35,
    sued: 30,
    lawsuit: 25,
    wrongdoing: 35,
    "misconduct allegation*": 40,
    "questioned by police": 40,
  },
  exculpatory: {
    acquitted: -60,
    acquittal: -60,
    "cleared of": -55,
    "found not guilty": -60,
    "not guilty": -50,
    exonerated: -60,
    "charges dropped": -50,
    "charges were dropped": -50,
    "dropped the charges": -50,
    "dropped all charges": -50,
    "case dismissed": -45,
    "case was dismissed": -45,
    "dismissed the case": -45,
    "conviction overturned": -45,
    "conviction was overturned": -45,
    overturned: -40,
    quashed: -40,
    "no wrongdoing": -40,
    innocent: -30,
    "victim of": -30,
    "victims of": -20,
    "wrongly accused": -40,
    "falsely accused": -45,
    "no further action": -35,
    "no charges": -30,
  },
  neutral: {
    // Denying a charge says nothing either way: swallow the "guilty" in it.
    "pleaded not guilty": 0,
    "pleads not guilty": 0,
    "pled not guilty": 0,
    "denies wrongdoing": 0,
    "denied wrongdoing": 0,
    "anti money laundering": 0,
    "money laundering reporting officer": 0,
    "anti fraud": 0,
    "fraud prevention": 0,
    "fraud awareness": 0,
    "counter fraud": 0,
    "anti corruption": 0,
    "anti bribery": 0,
    "counter terrorism": 0,
    "counter terrorist": 0,
    "anti trafficking": 0,
    "clinical trial*": 0,
    "trial run": 0,
    "free trial": 0,
    "sanctions expert": 0,
  },
};

export interface WordPattern {
  text: string;
  /** Matches any word starting with `text`. */
  stem: boolean;
}

export interface LexiconTerm {
  id: number;
  phrase: string;
  category: AdverseCategory;
  weight: number;
  words: WordPattern[];
}

export function fits(pattern: WordPattern, word: string): boolean {
  return pattern.stem ? word.startsWith(pattern.text) : word === pattern.text;
}

export interface CompiledLexicon {
  terms: readonly LexiconTerm[];
  /** The terms whose first word fits `word`, longest (then most specific) first. */
  startingWith(word: string): readonly LexiconTerm[];
}

function toPatterns(phrase: string): WordPattern[] {
  return phrase.split(/\s+/).flatMap((word) => {
    const stem = word.endsWith("*");
    const parts = normalizeText(stem ? word.slice(0, -1) : word)
      .split(" ")
      .filter(Boolean);
    return parts.map((text, i) => ({ text, stem: stem && i === parts.length - 1 }));
  });
}

const specificity = (t: LexiconTerm) => t.words.length * 1000 + t.words.reduce((n, w) => n + w.text.length * 2 + (w.stem ? 0 : 1), 0);

export function compileLexicon(lexicon: Record<AdverseCategory, Terms> = LEXICON): CompiledLexicon {
  const terms: LexiconTerm[] = [];
  for (const [category, entries] of Object.entries(lexicon) as [AdverseCategory, Terms][]) {
    for (const [phrase, weight] of Object.entries(entries))
      terms.push({ id: terms.length, phrase, category, weight, words: toPatterns(phrase) });
  }
  const exact = new Map<string, LexiconTerm[]>();
  const stems: LexiconTerm[] = [];
  for (const term of terms) {
    const first = term.words[0]!;
    if (first.stem) stems.push(term);
    else exact.set(first.text, [...(exact.get(first.text) ?? []), term]);
  }
  return {
    terms,
    startingWith(word) {
      const found = [...(exact.get(word) ?? []), ...stems.filter((t) => word.startsWith(t.words[0]!.text))];
      return found.sort((a, b) => specificity(b) - specificity(a));
    },
  };
}

/** The lexicon above, compiled once. */
export const ADVERSE_LEXICON = compileLexicon();
