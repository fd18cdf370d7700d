import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseBirthDates, compareBirthDates } from "@/lib/server/aml/birth-dates";
import { toCountryCode } from "@/lib/server/aml/countries";
import type { AmlFormat, ListEntity } from "@/lib/server/aml/list-entity";
import { detectAmlFormat, parseAmlList, readHead } from "@/lib/server/aml/parse-aml-list";

const SAMPLES = path.resolve(import.meta.dirname, "../../../datasets/aml");

async function parse(file: string): Promise<{ format: AmlFormat; entities: ListEntity[]; skipped: number }> {
  const full = path.join(SAMPLES, file);
  const format = detectAmlFormat(await readHead(full));
  if (!format) throw new Error(`${file}: format not recognised`);
  const stats = { skipped: 0 };
  const entities: ListEntity[] = [];
  for await (const entity of parseAmlList(full, format, stats)) entities.push(entity);
  return { format, entities, skipped: stats.skipped };
}

const byKey = (entities: ListEntity[], key: string) => entities.find((e) => e.entityKey === key)!;

describe("list parsers on the shipped samples", () => {
  it("OFAC sdn.xml: people, organisations, strong aliases, dates of birth, countries", async () => {
    const { format, entities, skipped } = await parse("ofac-sdn-sample.xml");
    expect(format).toBe("ofac-sdn-xml");
    expect(skipped).toBe(0);
    expect(entities).toHaveLength(12);
    expect(entities.filter((e) => e.entityType === "Person")).toHaveLength(9);
    expect(byKey(entities, "ofac-35096")).toEqual({
      entityKey: "ofac-35096",
      caption: "Vladimir Vladimirovich PUTIN",
      entityType: "Person",
      riskType: "sanction",
      names: ["Vladimir Vladimirovich PUTIN"],
      birthDates: ["1952-10-07"],
      countries: ["ru"],
      datasets: [{ id: "us_ofac_sdn", title: "US OFAC Specially Designated Nationals (SDN) List" }],
    });
    const bout = byKey(entities, "ofac-9647");
    expect(bout.names).toEqual(["Viktor Anatolijevitch BOUT", "Viktor BONT", "Viktor BUTT", "Victor BUT", "Vitali SERGITOV"]); // the weak a.k.a. left out
    expect(bout.birthDates).toEqual(["1967-01-13", "1970-01-13"]);
    expect(byKey(entities, "ofac-20280").countries).toEqual(["kp"]); // "Korea, North"
    expect(byKey(entities, "ofac-306")).toMatchObject({
      entityType: "Organization",
      names: ["BANCO NACIONAL DE CUBA", "BNC", "NATIONAL BANK OF CUBA"],
      countries: ["ch", "es"],
    });
  });

  it("OFAC sdn.csv: LAST, First names and the remarks' date of birth and nationality", async () => {
    const { format, entities } = await parse("ofac-sdn-sample.csv");
    expect(format).toBe("ofac-sdn-csv");
    expect(entities.map((e) => e.entityKey)).toEqual(["ofac-36", "ofac-306", "ofac-22437", "ofac-35095", "ofac-35096"]);
    expect(byKey(entities, "ofac-22437")).toMatchObject({
      caption: "Ramzan Akhmatovich KADYROV",
      entityType: "Person",
      birthDates: ["1976-10-05"],
      countries: ["ru"],
    });
    expect(byKey(entities, "ofac-36")).toMatchObject({ caption: "AEROCARIBBEAN AIRLINES", entityType: "Organization" });
  });

  it("UN consolidated XML: name parts, good-quality aliases, original script, exact/year/between dates", async () => {
    const { format, entities } = await parse("un-consolidated-sample.xml");
    expect(format).toBe("un-xml");
    expect(entities).toHaveLength(7);
    const zawahiri = byKey(entities, "unsc-QDi.006");
    expect(zawahiri).toMatchObject({
      caption: "AIMAN MUHAMMED RABI AL-ZAWAHIRI",
      entityType: "Person",
      birthDates: ["1951-06-19"],
      countries: ["eg"],
    });
    expect(zawahiri.names).toContain("Ayman Al-Zawahari");
    expect(zawahiri.names).toContain("أيمن محمد ربيع الظواهري");
    expect(zawahiri.names).not.toContain("Al Ustaz"); // "Low" quality
    expect(byKey(entities, "unsc-QDi.299").birthDates).toEqual(["1971"]);
    expect(byKey(entities, "unsc-TAi.144")).toMatchObject({ birthDates: ["1977", "1978"], countries: ["af", "pk"] });
    expect(byKey(entities, "unsc-QDe.115")).toMatchObject({ entityType: "Organization", countries: ["iq", "sy"] });
    expect(entities.every((e) => e.datasets[0]!.id === "un_sc_sanctions")).toBe(true);
  });

  it("OpenSanctions FTM JSON lines: topics decide sanction or PEP, other schemas are skipped", async () => {
    const { format, entities, skipped } = await parse("opensanctions-sample.ftm.json");
    expect(format).toBe("ftm-json");
    expect(entities).toHaveLength(9);
    expect(skipped).toBe(1); // the Sanction record
    expect(byKey(entities, "Q7747")).toMatchObject({
      caption: "Vladimir Putin",
      riskType: "sanction",
      birthDates: ["1952-10-07"],
      countries: ["ru"],
    });
    expect(byKey(entities, "Q7747").datasets).toContainEqual({ id: "wd_peps", title: "Wikidata Politically Exposed Persons" });
    expect(byKey(entities, "Q3052772")).toMatchObject({
      riskType: "pep",
      countries: ["fr"],
      names: ["Emmanuel Macron", "Emmanuel Jean-Michel Frédéric Macron"],
    });
  });

  it("OpenSanctions targets.simple.csv: ;-separated values, a sanction makes it a sanction, a PEP dataset a PEP", async () => {
    const { format, entities } = await parse("opensanctions-targets.simple.csv");
    expect(format).toBe("opensanctions-csv");
    expect(entities).toHaveLength(8);
    expect(byKey(entities, "Q57413")).toMatchObject({
      riskType: "sanction",
      names: ["Nicolás Maduro", "Nicolas MADURO MOROS", "Nicolás Maduro Moros"],
      countries: ["ve"],
    });
    expect(byKey(entities, "Q22686")).toMatchObject({
      riskType: "pep",
      datasets: [{ id: "wd_peps", title: "Wikidata Politically Exposed Persons" }],
    });
  });

  it("refuses a file that is none of the formats, and one whose content does not fit its format", async () => {
    expect(detectAmlFormat("name,email\nx,y\n")).toBeNull();
    expect(detectAmlFormat("<html><body/></html>")).toBeNull();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aml-"));
    const bad = path.join(dir, "bad.json");
    fs.writeFileSync(bad, '{"id": "x", "schema": "Person"}\nnot json\n');
    const read = async () => {
      for await (const _ of parseAmlList(bad, "ftm-json", { skipped: 0 })) void _;
    };
    await expect(read()).rejects.toThrow("Line 2 is not JSON");
    fs.rmSync(dir, { recursive: true });
  });
});

describe("dates of birth and countries as the lists write them", () => {
  it("reads exact, month, year, circa and ranges", () => {
    expect(parseBirthDates("07 Oct 1952")).toEqual(["1952-10-07"]);
    expect(parseBirthDates("Oct 1952")).toEqual(["1952-10"]);
    expect(parseBirthDates("circa 1958")).toEqual(["1958"]);
    expect(parseBirthDates("1960 to 1962")).toEqual(["1960", "1961", "1962"]);
    expect(parseBirthDates("1989-05-09")).toEqual(["1989-05-09"]);
    expect(parseBirthDates("")).toEqual([]);
  });

  it("compares a date of birth with a list's dates", () => {
    expect(compareBirthDates("1952-10-07", ["1952-10-07"])).toBe("same_day");
    expect(compareBirthDates("1971-03-01", ["1971"])).toBe("same_year");
    expect(compareBirthDates("1953-01-01", ["1952-10-07"])).toBe("near");
    expect(compareBirthDates("1980-01-01", ["1952-10-07"])).toBe("different");
    expect(compareBirthDates("1980-01-01", [])).toBe("unknown");
  });

  it("maps the lists' country names to ISO codes", () => {
    expect(toCountryCode("Russia")).toBe("ru");
    expect(toCountryCode("Korea, North")).toBe("kp");
    expect(toCountryCode("Democratic People's Republic of Korea")).toBe("kp");
    expect(toCountryCode("Iran (Islamic Republic of)")).toBe("ir");
    expect(toCountryCode("Syrian Arab Republic")).toBe("sy");
    expect(toCountryCode("GB")).toBe("gb");
    expect(toCountryCode("Atlantis")).toBeNull();
  });
});
