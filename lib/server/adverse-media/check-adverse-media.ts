import type { AdverseMediaRequest, AdverseMediaResponse } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { fail, ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";
import { sandboxAdverseMediaCorpus, storedCorpus } from "./corpus-store";
import { screenAdverseMedia } from "./screen-adverse-media";

/*
 * POST /api/v1/adverse-media (issue 16). Live screens the corpus the operator imported; with no
 * corpus there is nothing to search, which is said (503), never answered as a clean PASS. Sandbox
 * screens the fixed sample corpus (lib/server/adverse-media/sample-corpus.ts): stable answers,
 * e.g. Tomasz Nowak FAIL (convicted of fraud), David Thornbury PASS with one neutral article.
 */
export async function checkAdverseMedia(db: Db, tenant: Tenant, input: AdverseMediaRequest): Promise<Result<AdverseMediaResponse>> {
  const corpus = tenant.mode === "sandbox" ? sandboxAdverseMediaCorpus() : await storedCorpus(db);
  if (!corpus)
    return fail("unavailable", "No news corpus has been imported on this deployment: nothing can be screened", {
      code: "no_corpus",
      retryAfterSeconds: 3600,
    });
  return ok(screenAdverseMedia(input, corpus));
}
