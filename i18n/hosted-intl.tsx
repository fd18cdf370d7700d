import type { ReactNode } from "react";
import { HostedIntlProvider } from "@/components/hosted/intl-provider";
import { getHostedLocale } from "./hosted-locale";
import { formatterMessages } from "./formatter-messages";

/**
 * The hosted flow's strings for the client components below it, in the request's language.
 * The layout renders it without `lang`; a page that honours `?lang=` wraps its content again with
 * `<HostedIntl lang={searchParams.lang}>` (the nearest provider wins).
 */
export async function HostedIntl({ lang, children }: { lang?: string | string[] | null; children: ReactNode }) {
  const locale = await getHostedLocale(lang);
  return (
    <HostedIntlProvider locale={locale} messages={await formatterMessages(locale, ["hosted"])} timeZone="Europe/London">
      <div lang={locale} className="contents">
        {children}
      </div>
    </HostedIntlProvider>
  );
}
