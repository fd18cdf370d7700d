import type { Locale } from "./locales";

export type Messages = typeof import("../messages/en.json");

/** The message file of one language (each a separate chunk: a page loads only its own). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case "cy":
      return (await import("../messages/cy.json")).default;
    default:
      return (await import("../messages/en.json")).default;
  }
}
