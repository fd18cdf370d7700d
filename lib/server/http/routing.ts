/** Which requests the custom server hands to the service API rather than to Next. */
export function isApiPath(url: string): boolean {
  const path = url.split("?", 1)[0]!;
  return path.startsWith("/api/v1/") || path.startsWith("/api/v2/") || path === "/api/openapi.json";
}
