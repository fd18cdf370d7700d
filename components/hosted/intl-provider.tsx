"use client";

import { NextIntlClientProvider } from "next-intl";
import type { ComponentProps } from "react";

/**
 * next-intl's client provider behind a client boundary: a server layout renders it with explicit
 * locale, messages and time zone, so no next-intl plugin or request config is needed.
 */
export function HostedIntlProvider(props: ComponentProps<typeof NextIntlClientProvider>) {
  return <NextIntlClientProvider {...props} />;
}
