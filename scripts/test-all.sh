#!/usr/bin/env bash
# npm test: every check and test, in the order a reviewer would run them.
# The integration suite runs on PostgreSQL too when TEST_DATABASE_URL is set (.ci/run sets it).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p test-results
rm -f test-results/vitest.json test-results/playwright.json

[ -d node_modules ] || npm install --no-audit --no-fund

echo "== lint and types"
npx prettier --check . --log-level warn
npx eslint . --max-warnings=0
npx tsx scripts/check-import-cycles.ts
npx tsc --noEmit

echo "== unit and integration tests (vitest${TEST_DATABASE_URL:+, PGlite and PostgreSQL})"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json

echo "== build"
npx next build

echo "== end-to-end tests (playwright, chromium)"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing: apt-get install -y chromium (or set CHROMIUM_PATH)" >&2
  exit 1
fi
npx playwright test

node scripts/test-summary.mjs
