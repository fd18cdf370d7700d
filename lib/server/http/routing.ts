/** Which requests the custom server hands to the service API rather than to Next. */
export function isApiPath(url: string): boolean {
  // The prefixes end before any query string, so the URL itself can be tested (no split per request).
  if (url.startsWith("/api/v1/") || url.startsWith("/api/v2/")) return true;
  return url.startsWith("/api/openapi.json") && (url.length === 17 || url[17] === "?");
}
