import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, LOCALE_COOKIE, negotiateLocale } from "./locales";
import { formatterMessages } from "./formatter-messages";

/**
 * next-intl's request configuration (found by the next-intl plugin, when next.config uses it).
 * No locale-prefixed routes: a page may set the locale (setRequestLocale, e.g. from `?lang=`);
 * otherwise the `lang` cookie, then Accept-Language.
 */
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested)
    ? requested
    : negotiateLocale({ cookie: (await cookies()).get(LOCALE_COOKIE)?.value, acceptLanguage: (await headers()).get("accept-language") });
  return { locale, messages: await formatterMessages(locale), timeZone: "Europe/London" };
});
