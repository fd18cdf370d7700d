import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Verity — identity verification and fraud risk", template: "%s · Verity" },
  description: "Self-hostable identity verification and fraud-risk platform.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page renders per request: its scripts carry the nonce of that request's Content-Security-Policy
// (proxy.ts); a page prerendered at build time would have none, and its scripts would be blocked.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
