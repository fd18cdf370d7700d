import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The news corpus the built-in adverse-media engine screens (issue 16): platform-wide, imported by
 * the operator (`npm run cli -- import-adverse-media`), one row per article keyed by its link's hash.
 */
export const adverseMediaArticles = pgTable(
  "adverse_media_articles",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    link: text("link").notNull(),
    source: text("source").notNull(),
    publishedAt: text("published_at"),
    body: text("body").notNull(),
    location: text("location"),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("adverse_media_articles_imported_idx").on(t.importedAt)],
);
export type AdverseMediaArticleRow = typeof adverseMediaArticles.$inferSelect;
