"use client";

import { useTranslations } from "next-intl";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from "@/i18n/locales";
import { ring } from "./styles";

/**
 * Links to the other languages. Choosing one stores it in the `lang` cookie (path /verify, a year)
 * and reloads with `?lang=` so the server renders every string in it.
 */
export function LanguageSwitcher({ current }: { current: Locale }) {
  const t = useTranslations("hosted.common");
  return (
    <nav aria-label={t("language")} className="text-sm">
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {LOCALES.map((locale) => (
          <li key={locale}>
            {locale === current ? (
              <span aria-current="true" lang={locale} className="font-semibold text-slate-900">
                {LOCALE_NAMES[locale]}
              </span>
            ) : (
              <a
                href={`?${LOCALE_COOKIE}=${locale}`}
                lang={locale}
                hrefLang={locale}
                className={`rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 ${ring}`}
                onClick={() => {
                  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/verify; max-age=31536000; samesite=lax`;
                }}
              >
                {LOCALE_NAMES[locale]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
