// Adverse-media screening over a generated news corpus.
//
//   npx tsx tests/bench/adverse-media.ts
//   ADVERSE_BENCH_ARTICLES=50000 ADVERSE_BENCH_QUERIES=500 npx tsx tests/bench/adverse-media.ts
//
// Generates 10,000 articles of about 2 KB (deterministic: the same corpus on every run) from
// sentence templates, naming people from several traditions (some with diacritics, some adverse
// stories, common surnames shared by many articles), prepares the corpus once (prepareCorpus) and
// screens people one at a time: half named in the corpus, half not. Prints the preparation time,
// ms per query (p50/p95/max) and the one-off cost of preparing and screening together. Goal: a
// screening of the whole corpus under 1 s on one core. The last line of stdout is a JSON summary.
import os from "node:os";
import { articleId, type CorpusArticle } from "../../lib/server/adverse-media/articles";
import { prepareCorpus } from "../../lib/server/adverse-media/prepare-corpus";
import { SAMPLE_CORPUS } from "../../lib/server/adverse-media/sample-corpus";
import { screenAdverseMedia, type AdverseMediaInput } from "../../lib/server/adverse-media/screen-adverse-media";
import { seededRandom } from "./lib";

const ARTICLES = Number(process.env.ADVERSE_BENCH_ARTICLES ?? 10_000);
const QUERIES = Number(process.env.ADVERSE_BENCH_QUERIES ?? 200);
const ARTICLE_BYTES = 2_000;
const GOAL_MS = 1_000;

// Deterministic: the same data on every run.
const { random, pick } = seededRandom(0xad5e7a11);

const TRADITIONS: { first: string[]; last: string[] }[] = [
  {
    first: ["James", "Oliver", "Emily", "Sarah", "Thomas", "Charlotte", "George", "Hannah", "William", "Lucy"],
    last: ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Thornbury", "Ellison", "Pennington", "Harwood"],
  },
  {
    first: ["Tomasz", "Anna", "Łukasz", "Agnieszka", "Piotr", "Małgorzata", "Krzysztof", "Zofia", "Paweł", "Katarzyna"],
    last: ["Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Woźniak", "Dąbrowski"],
  },
  {
    first: ["Yousef", "Fatima", "Khalid", "Layla", "Omar", "Aisha", "Hassan", "Mariam", "Tariq", "Noura"],
    last: ["Al-Haddad", "Al-Zahrani", "Haddad", "Al-Mansouri", "Khalil", "Nasser", "Al-Rashid", "Saleh", "Hamdan", "Qasim"],
  },
  {
    first: ["Xiaoming", "Mei", "Wei", "Jing", "Hao", "Lin", "Yan", "Jun", "Fang", "Lei"],
    last: ["Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou"],
  },
  {
    first: ["Adebayo", "Ngozi", "Emeka", "Chiamaka", "Oluwaseun", "Funmilayo", "Chinedu", "Aisha", "Tunde", "Ifeoma"],
    last: ["Okafor", "Eze", "Nwosu", "Adeyemi", "Okonkwo", "Bello", "Balogun", "Obi", "Adebayo", "Okoro"],
  },
  {
    first: ["José", "Lucía", "Carlos", "María", "Javier", "Carmen", "Alejandro", "Sofía", "Diego", "Elena"],
    last: ["Muñoz", "Fernández", "García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Ruiz", "Díaz"],
  },
];
const PLACES = [
  "Manchester",
  "Leeds",
  "Kraków",
  "Gdańsk",
  "Lagos",
  "Abuja",
  "Valencia",
  "Seville",
  "Shenzhen",
  "Aden",
  "Riyadh",
  "Bristol",
];
const NEUTRAL = [
  "The council said the new bus lanes would open in {place} by the end of the year.",
  "{name} told reporters that the community garden had doubled in size since the spring.",
  "Local traders in {place} reported a busy weekend as the festival drew large crowds.",
  "{name}, who has lived in {place} for twenty years, said the library was the heart of the street.",
  "The school’s choir will perform at the cathedral in {place} on the first Sunday of the month.",
  "Engineers expect the bridge repairs to finish two weeks early if the weather holds.",
  "{name} was promoted to regional manager after a decade with the company.",
  "Tickets for the charity concert sold out within an hour, organisers said.",
  "The museum will reopen its east wing after a two-year restoration.",
  "{name} thanked volunteers who had cleared litter from the riverbank in {place}.",
];
const ADVERSE = [
  "{name} was convicted of fraud and money laundering at a court in {place}.",
  "{name} was sentenced to six years in prison for embezzlement.",
  "Authorities sanctioned {name} for sanctions evasion and ordered an asset freeze.",
  "{name} has been charged with bribery and is expected to appear in court next month.",
  "Police arrested {name} on suspicion of drug trafficking in {place}.",
  "{name} was acquitted of all charges after a three-week trial.",
  "{name}, a director of a collapsed builder, was disqualified for seven years.",
  "Prosecutors allege that {name} ran a Ponzi scheme from offices in {place}.",
];

const person = () => {
  const t = pick(TRADITIONS);
  return { first: pick(t.first), last: pick(t.last) };
};
const fill = (template: string, name: string) => template.replace("{name}", name).replace(/\{place\}/g, () => pick(PLACES));

function generate(count: number): CorpusArticle[] {
  const out: CorpusArticle[] = [];
  for (let n = 0; n < count; n++) {
    const people = Array.from({ length: 1 + Math.floor(random() * 3) }, person);
    const adverse = random() < 0.3;
    const sentences: string[] = [];
    let length = 0;
    while (length < ARTICLE_BYTES - 200) {
      const who = pick(people);
      const name = length === 0 || random() < 0.6 ? `${who.first} ${who.last}` : who.last;
      const sentence = fill(adverse && random() < 0.3 ? pick(ADVERSE) : pick(NEUTRAL), name);
      sentences.push(sentence);
      length += sentence.length + 1;
    }
    const link = `https://news.example/bench/${n}`;
    out.push({
      id: articleId(link),
      title: `${pick(PLACES)} news round-up no. ${n}`,
      link,
      source: "Bench Gazette",
      published_at: "2024-01-01",
      body: sentences.join(" "),
      location: pick(PLACES),
    });
  }
  return out;
}

/** Wall-clock and CPU milliseconds of `run` (CPU: what this process used, whatever else the cores did). */
function timed<T>(run: () => T): { value: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = run();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuMs: (used.user + used.system) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const generateStart = performance.now();
const articles = [...SAMPLE_CORPUS, ...generate(ARTICLES)];
const megabytes = articles.reduce((n, a) => n + a.title.length + a.body.length, 0) / 1e6;
console.log(
  `adverse-media benchmark: ${articles.length.toLocaleString("en")} articles (${megabytes.toFixed(1)} MB of text, generated in ${(performance.now() - generateStart).toFixed(0)} ms), ${QUERIES} queries`,
);
console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), node ${process.version}`);

// The one-off cost: prepare and screen one person together, as a caller without an index would.
const oneOff = timed(() => screenAdverseMedia({ first_name: "Tomasz", last_name: "Nowak" }, articles));
const prepare = timed(() => prepareCorpus(articles));
const corpus = prepare.value;
console.log(
  `prepareCorpus: ${prepare.ms.toFixed(0)} ms, ${prepare.cpuMs.toFixed(0)} ms CPU (${corpus.words.length.toLocaleString("en")} distinct words, ${corpus.keys.size.toLocaleString("en")} blocking keys); heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
);

const queries: AdverseMediaInput[] = Array.from({ length: QUERIES }, (_, i) => {
  if (i % 2 === 0) {
    const p = person();
    return { first_name: p.first, last_name: p.last, location: pick(PLACES) };
  }
  return {
    first_name: pick(["Henrietta", "Bartholomew", "Ottoline", "Cuthbert"]),
    last_name: pick(["Quillfeather", "Marchbanks", "Fotheringham", "Ravensworth"]),
  };
});
const times: number[] = [];
let results = 0;
let fails = 0;
const all = timed(() => {
  for (const query of queries) {
    const start = performance.now();
    const result = screenAdverseMedia(query, corpus);
    times.push(performance.now() - start);
    results += result.all_results.length;
    if (result.status === "FAIL") fails++;
  }
});
times.sort((a, b) => a - b);
const [p50, p95, max] = [percentile(times, 50), percentile(times, 95), times[times.length - 1]!];
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(
  `screening with the prepared corpus: mean ${mean.toFixed(2)} ms, p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${max.toFixed(2)} ms per query, ${(all.cpuMs / QUERIES).toFixed(2)} ms CPU (${(results / QUERIES).toFixed(1)} articles per person on average, ${fails} FAIL)`,
);
console.log(
  `goal, one screening of the prepared corpus < ${GOAL_MS} ms: ${max < GOAL_MS ? "met" : "NOT met"} (slowest ${max.toFixed(1)} ms)`,
);
console.log(`preparing and screening in one call (first call, cold JIT): ${oneOff.ms.toFixed(0)} ms, ${oneOff.cpuMs.toFixed(0)} ms CPU`);
console.log(
  JSON.stringify({
    articles: articles.length,
    megabytes: Number(megabytes.toFixed(1)),
    prepareMs: Math.round(prepare.ms),
    prepareCpuMs: Math.round(prepare.cpuMs),
    oneOffMs: Math.round(oneOff.ms),
    queryMs: { mean: Number(mean.toFixed(2)), p50: Number(p50.toFixed(2)), p95: Number(p95.toFixed(2)), max: Number(max.toFixed(2)) },
  }),
);
