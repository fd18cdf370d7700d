/*
 * How a stored evidence file goes out over HTTP (the console's image route and the API's signed
 * artefact download): stored types are only ever JPEG, PNG or PDF (judged from the bytes when
 * stored); anything else is served inert as octet-stream.
 */
const EXTENSIONS: Readonly<Record<string, string>> = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" };

export function evidenceResponseType(mimeType: string): { contentType: string; extension: string } {
  const extension = EXTENSIONS[mimeType];
  return extension ? { contentType: mimeType, extension } : { contentType: "application/octet-stream", extension: "bin" };
}
