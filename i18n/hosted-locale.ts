import { cookies, headers } from "next/headers";
import { createTranslator } from "next-intl";
import { LOCALE_COOKIE, negotiateLocale, type Locale } from "./locales";
import { formatterMessages } from "./formatter-messages";
import type { Messages } from "./messages";

/** The hosted flow's language for this request: `?lang=` (pass the page's searchParams.lang), the cookie, Accept-Language. */
export async function getHostedLocale(query?: string | string[] | null): Promise<Locale> {
  return negotiateLocale({
    query,
    cookie: (await cookies()).get(LOCALE_COOKIE)?.value,
    acceptLanguage: (await headers()).get("accept-language"),
  });
}

/**
 * Server-side strings without the next-intl plugin: `const t = await getHostedTranslator(locale)`
 * then `t("steps.photo_id")`. Same messages and ICU syntax as the client's useTranslations.
 */
export async function getHostedTranslator(locale: Locale) {
  const messages: Messages = await formatterMessages(locale);
  return createTranslator({ locale, messages, namespace: "hosted", timeZone: "Europe/London" });
}
