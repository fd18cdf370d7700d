import type { Metadata } from "next";
import { QueryProvider } from "@/components/onboarding/query-provider";

// The customer's own mark (components/onboarding/brand.tsx), not the service's favicon.
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="8" fill="#4338ca"/><path d="M9 21V11l7 6 7-6v10" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>')}`;

export const metadata: Metadata = { icons: { icon: ICON } };

// The customer's onboarding app: its own pages under the root layout, with TanStack Query for
// the address picker and the return page's polling.
export default function OnboardingLayout({ children }: { children: React.ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
