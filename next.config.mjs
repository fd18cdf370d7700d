/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and must be loaded by Node, not bundled (STACK.md).
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-pgvector", "pg", "@vladmandic/human", "@tensorflow/tfjs", "@tensorflow/tfjs-backend-wasm", "sharp", "nodemailer", "tesseract.js", "piscina", "mupdf", "unpdf", "@napi-rs/canvas", "mrz", "qrcode", "@aws-sdk/client-s3"],
  poweredByHeader: false,
  // A separate build folder per checkout task (NEXT_DIST_DIR) lets parallel builds and e2e runs coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  // The onboarding sign-up posts an optional selfie (JPEG/PNG up to 10 MB) through a server action;
  // the action's own checks answer anything larger, not Next's 1 MB default.
  experimental: { serverActions: { bodySizeLimit: "11mb" } },
};

export default nextConfig;
