#!/usr/bin/env bash
# Trains the legacy (non-LSTM) Tesseract model `ocrb` that the second MRZ reader uses
# (lib/server/documents/mrz/ocrb-tesseract/). documents-lab.md: a legacy model trained on OCR-B
# reads ~85–90 % of phone MRZs, with errors unlike the template matcher's, which is what the
# acceptance gate needs from a second, independent reader.
#
#   apt-get install -y tesseract-ocr fonts-ocr-b     # Debian 12: tesseract 5.3 with its training tools
#   bash scripts/documents/train-ocrb-tesseract.sh   # ~4 minutes on 2 cores; writes ocrb.traineddata
#
# Steps (Tesseract's legacy training): MRZ-like text lines over the 37 MRZ characters, rendered in
# OCR-B by text2image at several sizes and exposures (text2image degrades each page as a scan
# would); box.train features per page; then unicharset, mftraining and cntraining. No shape
# clustering: with it the trainer merged D with O and B with 8, exactly the confusions an MRZ
# reader must not make. The model is committed; CI never runs this script.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=lib/server/documents/mrz/ocrb-tesseract
FONTS=/usr/share/fonts/opentype/ocr-b
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

for tool in text2image tesseract unicharset_extractor mftraining cntraining combine_tessdata; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install -y tesseract-ocr" >&2; exit 1; }
done
[ -f "$FONTS/OCRB.otf" ] || { echo "missing OCR-B: apt-get install -y fonts-ocr-b" >&2; exit 1; }

# Training text: passport, card and visa line shapes plus random runs, every character well represented.
node - "$WORK/train.txt" <<'JS'
const fs = require("node:fs");
let seed = 20261124;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (s) => s[Math.floor(rand() * s.length)];
const run = (s, n) => Array.from({ length: n }, () => pick(s)).join("");
const L = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", D = "0123456789", A = L + D + "<";
const pad = (s, n) => (s + "<".repeat(n)).slice(0, n);
const lines = [];
for (let i = 0; i < 400; i++) {
  switch (i % 5) {
    case 0: lines.push(pad(`P<${run(L, 3)}${run(L, 3 + (i % 7))}<<${run(L, 4 + (i % 5))}<${run(L, 3)}`, 44)); break;
    case 1: lines.push(pad(`${run(L + D, 9)}${run(D, 1)}${run(L, 3)}${run(D, 7)}${pick("MF<")}${run(D, 7)}${run(A, 14)}`, 42) + run(D, 2)); break;
    case 2: lines.push(`I<${run(L, 3)}${run(L + D, 9)}${run(D, 1)}${run(A, 15)}`); break;
    case 3: lines.push(run(A, 30)); break;
    default: lines.push(run(D + "<", 18) + run(L, 18));
  }
}
fs.writeFileSync(process.argv[2], lines.join("\n") + "\n");
JS

cd "$WORK"
n=0
# size (pt) × resolution × exposure: MRZ cap heights from ~20 px to ~45 px, light to heavy ink.
for spec in "12 300 0" "12 300 -1" "12 300 1" "10 200 0" "10 200 1" "14 300 0" "9 250 -1"; do
  read -r pt res exposure <<<"$spec"
  base="ocrb.OCRB.exp$n"
  text2image --text=train.txt --outputbase="$base" --font='OCR B' --fonts_dir="$FONTS" \
    --ptsize="$pt" --resolution="$res" --exposure="$exposure" --xsize=$((res * 12)) --ysize=$((res * 16)) --margin=50 >/dev/null 2>&1
  tesseract "$base.tif" "$base" --psm 6 nobatch box.train >/dev/null 2>&1
  n=$((n + 1))
done

unicharset_extractor ./*.box >/dev/null 2>&1
echo "OCRB 0 0 1 0 0" >font_properties
mftraining -F font_properties -U unicharset -O ocrb.unicharset ./*.tr >/dev/null 2>&1
cntraining ./*.tr >/dev/null 2>&1
# mftraining writes its own one-shape-per-character table when no clustering ran before it.
for part in inttemp pffmtable normproto shapetable; do [ -f "$part" ] && mv "$part" "ocrb.$part"; done
combine_tessdata ocrb. >/dev/null
cd - >/dev/null
mkdir -p "$OUT"
cp "$WORK/ocrb.traineddata" "$OUT/ocrb.traineddata"
echo "wrote $OUT/ocrb.traineddata ($(stat -c %s "$OUT/ocrb.traineddata") bytes)"
