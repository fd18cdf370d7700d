/**
 * The Content-Security-Policy of every page Next renders (proxy.ts). Scripts run only with the
 * request's nonce ('strict-dynamic' lets Next's nonced loader add its chunks); the hosted capture
 * pages need camera previews and captured frames (blob: object URLs, data: images, MediaStream
 * video); styles allow inline because React writes `style` attributes (progress bars, the camera
 * guide), which a nonce cannot cover.
 */
export interface PagePolicyOptions {
  nonce: string;
  /** next dev: React rebuilds server errors with eval, and hot reload talks over a websocket. */
  dev: boolean;
  /** Served over https: old http subresources are upgraded. */
  https: boolean;
  /** Origins that may frame the page; none → 'none'. */
  frameAncestors: readonly string[];
  /** Where forms may post; null leaves it open (the hosted flow and sign-up send people on to other sites). */
  formAction: readonly string[] | null;
}

export function pageContentSecurityPolicy(options: PagePolicyOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "media-src 'self' blob: mediastream:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${options.frameAncestors.length ? options.frameAncestors.join(" ") : "'none'"}`,
  ];
  if (options.formAction) directives.push(`form-action ${options.formAction.join(" ")}`);
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** HSTS for a year, subdomains included; sent only on https answers (browsers ignore it over http). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";
