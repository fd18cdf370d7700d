/**
 * The document engine, loaded on the first upload that needs it. A dynamic import on purpose: the
 * engine's door (lib/server/documents/index.ts) brings its worker pool and readers with it (~0.8 s
 * and ~25 MB at load), which the hosted pages and every other request never need.
 */
export function loadDocumentEngine() {
  return import("../documents");
}
