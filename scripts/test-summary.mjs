// Prints one closing line for the whole run from the Vitest and Playwright JSON reports.
import fs from "node:fs";

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null);
const vitest = read("test-results/vitest.json");
const playwright = read("test-results/playwright.json");

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (playwright) {
  passed += playwright.stats.expected;
  // A flaky test failed once and passed on its retry: it counts as passed, and is named below.
  passed += playwright.stats.flaky;
  flaky = playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
console.log(`vitest: ${vitest ? vitest.numPassedTests : 0} passed; playwright: ${playwright ? playwright.stats.expected : 0} passed`);
if (flaky) console.log(`playwright: ${flaky} test(s) passed only on retry (flaky): see the list above`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || !vitest || !playwright ? 1 : 0);
