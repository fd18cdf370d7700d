/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and must be loaded by Node, not bundled (STACK.md).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-pgvector",
    "pg",
    "@vladmandic/human",
    "@tensorflow/tfjs",
    "@tensorflow/tfjs-backend-wasm",
    "sharp",
    "nodemailer",
    "tesseract.js",
    "piscina",
    "mupdf",
    "unpdf",
    "@napi-rs/canvas",
    "mrz",
    "qrcode",
    "@aws-sdk/client-s3",
  ],
  poweredByHeader: false,
  // A separate build folder per checkout task (NEXT_DIST_DIR) lets parallel builds and e2e runs coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  // The onboarding sign-up posts an optional selfie (JPEG/PNG up to 10 MB) through a server action;
  // the action's own checks answer anything larger, not Next's 1 MB default.
  experimental: { serverActions: { bodySizeLimit: "11mb" } },
  // Every bundle formats messages compiled ahead of time (i18n/client-messages.ts) with use-intl's
  // format-only runtime, as next-intl's plugin does when it precompiles: no ICU parser in the browser.
  turbopack: { resolveAlias: { "use-intl/format-message": "./node_modules/use-intl/dist/esm/production/format-message/format-only.js" } },
  // Security headers on every page (issue 15). The Content-Security-Policy (with its per-request
  // script nonce), X-Frame-Options and HSTS come from proxy.ts: they depend on the request (the
  // hosted flow may be framed where its team allows). The hosted flow keeps the token in its URL,
  // so it sends no referrer, and only it may use the camera.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
        ],
      },
      {
        source: "/verify/:path*",
        headers: [
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
        ],
      },
    ];
  },
};

export default nextConfig;
