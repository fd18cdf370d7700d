/** The document engine, loaded on the first upload that needs it (its OCR and pool set-up are heavy; pages never need them). */
export function loadDocumentEngine() {
  return import("../documents");
}
