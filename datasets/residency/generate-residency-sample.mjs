// Makes residency-sample.csv: fictional people at the addresses of ../addresses-sample.csv, as a
// credit bureau would hold them (several people per home, a few with a previous address, a few
// without a date of birth). Deterministic: the same file every run. `node generate-residency-sample.mjs`
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const FIRST = (
  "Oliver Amelia George Isla Harry Ava Noah Mia Jack Ivy Leo Freya Arthur Lily Muhammad Florence Oscar Emily Charlie Grace " +
  "Henry Sophie Theo Evie Alfie Poppy Jacob Ella Thomas Rosie Archie Isabella William Daisy James Willow Joshua Sienna Samuel Phoebe " +
  "Daniel Matilda Benjamin Eleanor Joseph Harriet Lucas Ruby Ethan Chloe Adam Hannah Isaac Zara Aarav Priya Rohan Aisha Kwame Niamh " +
  "Ciaran Siobhan Rhys Carys Dylan Ffion Callum Eilidh Fraser Morag Tomasz Zofia Mateusz Olga Andrei Ioana Chen Mei Hiroshi Yuki"
).split(" ");
const LAST = (
  "Smith Jones Taylor Brown Williams Wilson Johnson Davies Patel Wright Robinson Thompson Evans Walker White Roberts Green Hall " +
  "Thomas Clarke Jackson Wood Harris Edwards Turner Martin Cooper Hill Ward Hughes Moore Clark King Harrison Lewis Baker Lee Allen " +
  "Morris Khan Scott Watson Davis Parker James Bennett Young Phillips Richardson Mitchell Bailey Carter Cook Singh Shaw Bell Collins " +
  "Morgan Kelly Begum Miller Cox Hussain Marshall Simpson Price Anderson Adams Wilkinson Ali Ahmed Foster Ellis Murphy Chapman Mason " +
  "Gray Richards Webb Griffiths Hunt Palmer Campbell Holmes Mills Rogers Barnes Knight Matthews Barker Powell Stevens Kaur Dixon " +
  "MacDonald Fraser O'Neill Ní Bhriain Kowalski Nowak Popescu Wang Tanaka Øberg Müller García"
).split(" ");

// A small linear congruential generator: reproducible without a dependency.
let seed = 20261121;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (list) => list[Math.floor(random() * list.length)];
const pad = (n) => String(n).padStart(2, "0");
function birthDate(fromYear, toYear) {
  const year = fromYear + Math.floor(random() * (toYear - fromYear + 1));
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return `${year}-${pad(month)}-${pad(day)}`;
}

function parseCsvLine(line) {
  const out = [];
  let field = "";
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === "," && !quoted) {
      out.push(field);
      field = "";
    } else field += c;
  }
  out.push(field);
  return out;
}

const [header, ...lines] = fs
  .readFileSync(path.join(here, "..", "addresses-sample.csv"), "utf8")
  .trim()
  .split("\n");
const columns = parseCsvLine(header);
const addresses = lines.map((line) => Object.fromEntries(parseCsvLine(line).map((v, i) => [columns[i], v])));

// People the demos and tests use by name (onboarding e2e, risk tests, console helpers).
const KNOWN = [
  { first_name: "Ada", last_name: "Lovelace", date_of_birth: "1985-12-10", at: ["SW1A 2AA", "10"] },
  { first_name: "Dana", last_name: "Webb", date_of_birth: "1990-01-31", at: ["SW1A 2AA", "10"] },
  { first_name: "Jane", last_name: "Doe", date_of_birth: "1990-01-31", at: ["EC1A 1BB", "1"] },
];

const people = [];
const add = (person, address) =>
  people.push({
    first_name: person.first_name,
    last_name: person.last_name,
    date_of_birth: person.date_of_birth,
    residence_number: address.residence_number,
    building_name: address.building_name,
    street: address.street,
    city: address.city,
    postcode: address.postcode,
    country_code: address.country_code,
  });

for (const known of KNOWN)
  add(
    known,
    addresses.find((a) => a.postcode === known.at[0] && (a.residence_number === known.at[1] || a.building_name === known.at[1])),
  );
for (const address of addresses) {
  // A household: one or two adults of a family name, maybe a lodger, maybe children.
  const family = pick(LAST);
  const adults = 1 + Math.floor(random() * 2);
  for (let i = 0; i < adults; i++) add({ first_name: pick(FIRST), last_name: family, date_of_birth: birthDate(1945, 1990) }, address);
  const children = Math.floor(random() * 4);
  for (let i = 0; i < children; i++) add({ first_name: pick(FIRST), last_name: family, date_of_birth: birthDate(1995, 2007) }, address);
  const others = 2 + Math.floor(random() * 3);
  for (let i = 0; i < others; i++) add({ first_name: pick(FIRST), last_name: pick(LAST), date_of_birth: birthDate(1950, 2004) }, address);
}
// Earlier residents who moved elsewhere in the sample: a bureau keeps previous addresses.
for (let i = 0; i < 40; i++) {
  const person = { first_name: pick(FIRST), last_name: pick(LAST), date_of_birth: birthDate(1955, 2000) };
  add(person, pick(addresses));
  add(person, pick(addresses));
}
// Some records lack a date of birth, as real bureau data does.
for (let i = 0; i < 4; i++) add({ first_name: pick(FIRST), last_name: pick(LAST), date_of_birth: "" }, pick(addresses));

const quote = (v) => (/[",\n]/.test(v ?? "") ? `"${String(v).replace(/"/g, '""')}"` : (v ?? ""));
const out = [
  "first_name,last_name,date_of_birth,residence_number,building_name,street,city,postcode,country_code",
  ...people.map((p) => Object.values(p).map(quote).join(",")),
];
fs.writeFileSync(path.join(here, "residency-sample.csv"), out.join("\n") + "\n");
console.log(`${people.length} records`);
