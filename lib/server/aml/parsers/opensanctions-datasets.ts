import type { AmlDataset, AmlEntityType, AmlRiskType } from "../list-entity";

/** Titles of the OpenSanctions datasets an FTM export names by id only (others show their id). */
const TITLES: Record<string, string> = {
  us_ofac_sdn: "US OFAC Specially Designated Nationals (SDN) List",
  us_ofac_cons: "US OFAC Consolidated (non-SDN) List",
  un_sc_sanctions: "UN Security Council Consolidated List",
  eu_fsf: "EU Financial Sanctions Files (FSF)",
  gb_hmt_sanctions: "UK HM Treasury Financial Sanctions",
  gb_fcdo_sanctions: "UK FCDO Sanctions List",
  ch_seco_sanctions: "Swiss SECO Sanctions/Embargoes",
  ca_dfatd_sema_sanctions: "Canadian Consolidated Autonomous Sanctions List",
  au_dfat_sanctions: "Australian Sanctions Consolidated List",
  wd_peps: "Wikidata Politically Exposed Persons",
  everypolitician: "EveryPolitician",
  ru_rupep: "RuPEP Database of Russian PEPs",
  peps: "Politically Exposed Persons",
  sanctions: "Consolidated Sanctions",
  default: "OpenSanctions Default",
};

export function datasetById(id: string): AmlDataset {
  return { id, title: TITLES[id] ?? id };
}

/** A dataset known by its title only (targets.simple.csv): a stable id made from the title. */
export function datasetByTitle(title: string): AmlDataset {
  const known = Object.entries(TITLES).find(([, t]) => t.toLowerCase() === title.toLowerCase());
  return {
    id:
      known?.[0] ??
      title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "_")
        .replace(/^_|_$/g, ""),
    title,
  };
}

export const FTM_TYPES: Record<string, AmlEntityType> = {
  Person: "Person",
  Organization: "Organization",
  Company: "Company",
  LegalEntity: "LegalEntity",
  Vessel: "Vessel",
  Airplane: "Airplane",
};

/** OpenSanctions topics → our risk type: sanctioned wins over PEP; anything else is not screened. */
export function riskFromTopics(topics: readonly string[]): AmlRiskType | null {
  if (topics.some((t) => t === "sanction" || t.startsWith("sanction."))) return "sanction";
  if (topics.some((t) => t === "role.pep" || t === "role.rca" || t.startsWith("role.pep"))) return "pep";
  return null;
}
