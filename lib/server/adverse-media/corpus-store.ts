import { count, max, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { adverseMediaArticles } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../shared/tenant";
import { parseArticlesCsv, parseArticlesJsonl, type ArticleParseError, type CorpusArticle } from "./articles";
import { prepareCorpus, type PreparedCorpus } from "./prepare-corpus";
import { SAMPLE_CORPUS } from "./sample-corpus";

/*
 * The corpus in the database and its prepared index in memory. Preparing folds every article once
 * (about 1.2 s per 10,000 articles); a screening then costs milliseconds. The index is rebuilt when
 * the stored corpus changes (its size or latest import time), checked with one small query per
 * screening, so every process of a deployment sees an import without a restart.
 */

export interface CorpusImportReport {
  imported: number;
  rejected: ArticleParseError[];
}

/** Imports a JSON-lines (`.jsonl`) or CSV file's articles; all or nothing; an article already present (same link) is replaced. */
export async function importAdverseMedia(
  db: Db,
  input: { text: string; format: "jsonl" | "csv"; actor: Actor },
): Promise<CorpusImportReport> {
  const parsed = input.format === "csv" ? parseArticlesCsv(input.text) : parseArticlesJsonl(input.text);
  if (parsed.errors.length) return { imported: 0, rejected: parsed.errors };
  if (parsed.articles.length === 0) return { imported: 0, rejected: [{ line: 1, message: "No articles" }] };
  await storeArticles(db, parsed.articles, input.actor);
  return { imported: parsed.articles.length, rejected: [] };
}

async function storeArticles(db: Db, articles: readonly CorpusArticle[], actor: Actor): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    for (let i = 0; i < articles.length; i += 200) {
      const rows = articles.slice(i, i + 200).map((a) => ({
        id: a.id,
        title: a.title,
        link: a.link,
        source: a.source,
        publishedAt: a.published_at,
        body: a.body,
        location: a.location ?? null,
        importedAt: now,
      }));
      await tx
        .insert(adverseMediaArticles)
        .values(rows)
        .onConflictDoUpdate({
          target: adverseMediaArticles.id,
          set: {
            title: sql`excluded.title`,
            source: sql`excluded.source`,
            publishedAt: sql`excluded.published_at`,
            body: sql`excluded.body`,
            location: sql`excluded.location`,
            importedAt: sql`excluded.imported_at`,
          },
        });
    }
    await recordAudit(tx, {
      teamId: null,
      actor,
      action: "adverse_media.imported",
      targetType: "adverse_media_corpus",
      metadata: { articles: articles.length },
    });
  });
}

/** For the demo seed: the sample corpus, when no article is stored yet. */
export async function ensureSampleAdverseMedia(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(adverseMediaArticles);
  if ((row?.n ?? 0) > 0) return;
  await storeArticles(db, SAMPLE_CORPUS, { type: "system", id: "demo-seed" });
}

const CACHE = Symbol.for("idv.adverseMedia.corpus");
type Holder = { [CACHE]?: { db: Db; version: string; corpus: Promise<PreparedCorpus> } };
const holder = globalThis as Holder;

/** The stored corpus, prepared; null when nothing has been imported (a screening would search nothing). */
export async function storedCorpus(db: Db): Promise<PreparedCorpus | null> {
  const [state] = await db.select({ n: count(), latest: max(adverseMediaArticles.importedAt) }).from(adverseMediaArticles);
  const n = Number(state?.n ?? 0);
  if (n === 0) return null;
  const version = `${n}:${state?.latest instanceof Date ? state.latest.toISOString() : String(state?.latest)}`;
  const cached = holder[CACHE];
  if (cached && cached.db === db && cached.version === version) return cached.corpus;
  const corpus = db
    .select()
    .from(adverseMediaArticles)
    .then((rows) =>
      prepareCorpus(
        rows.map((r) => ({
          id: r.id,
          title: r.title,
          link: r.link,
          source: r.source,
          published_at: r.publishedAt,
          body: r.body,
          location: r.location,
        })),
      ),
    );
  holder[CACHE] = { db, version, corpus };
  corpus.catch(() => {
    if (holder[CACHE]?.corpus === corpus) delete holder[CACHE];
  });
  return corpus;
}

let sandboxCorpus: PreparedCorpus | null = null;
/** The sandbox screens the fixed sample corpus: canned, stable, no stored data read. */
export function sandboxAdverseMediaCorpus(): PreparedCorpus {
  sandboxCorpus ??= prepareCorpus(SAMPLE_CORPUS);
  return sandboxCorpus;
}
