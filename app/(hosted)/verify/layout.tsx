import type { ReactNode } from "react";
import { HostedIntl } from "@/i18n/hosted-intl";

/** Every hosted page's client components get the hosted messages (language: `lang` cookie, then Accept-Language). */
export default function HostedVerifyLayout({ children }: { children: ReactNode }) {
  return <HostedIntl>{children}</HostedIntl>;
}
