/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and must be loaded by Node, not bundled (STACK.md).
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-pgvector", "pg"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
