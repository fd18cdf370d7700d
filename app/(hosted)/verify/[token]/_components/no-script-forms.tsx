import { errorBox, primaryButton } from "@/components/hosted/styles";

type T = (key: string, values?: Record<string, string | number>) => string;

const field = "block w-full rounded-lg border border-dashed border-slate-400 bg-slate-50 p-3 text-sm text-slate-800";

/**
 * Without JavaScript the capture components cannot run: plain multipart forms post the files to
 * the same routes, which answer with a redirect back here (and the reason, if any).
 */
export function NoScriptUpload({ token, step, t }: { token: string; step: "photo_id" | "address_evidence"; t: T }) {
  return (
    <noscript>
      <form
        method="post"
        encType="multipart/form-data"
        action={`/verify/${token}/${step === "photo_id" ? "photo-id" : "address"}`}
        className="mt-4 space-y-3 rounded-xl border border-slate-300 p-4"
      >
        <h3 className="font-semibold text-slate-900">{t("hostedPages.noScript.title")}</h3>
        {step === "photo_id" ? (
          <>
            <label className="block text-sm font-medium text-slate-900">
              {t("hostedPages.noScript.documentType")}
              <select name="kind" className="mt-1 block w-full rounded-lg border border-slate-400 p-2">
                <option value="passport">{t("hosted.documentType.passport")}</option>
                <option value="national_id">{t("hosted.documentType.national_id")}</option>
                <option value="driving_licence">{t("hosted.documentType.driving_licence")}</option>
              </select>
            </label>
            <label className="block text-sm font-medium text-slate-900">
              {t("hostedPages.noScript.front")}
              <input type="file" name="front" accept="image/jpeg,image/png" required className={field} />
            </label>
            <label className="block text-sm font-medium text-slate-900">
              {t("hostedPages.noScript.back")}
              <input type="file" name="back" accept="image/jpeg,image/png" className={field} />
            </label>
          </>
        ) : (
          <>
            <label className="block text-sm font-medium text-slate-900">
              {t("hostedPages.noScript.address1")}
              <input type="file" name="document1" accept="image/jpeg,image/png,application/pdf" required className={field} />
            </label>
            <label className="block text-sm font-medium text-slate-900">
              {t("hostedPages.noScript.address2")}
              <input type="file" name="document2" accept="image/jpeg,image/png,application/pdf" className={field} />
            </label>
          </>
        )}
        <button type="submit" className={primaryButton}>
          {t("hosted.upload.send")}
        </button>
      </form>
    </noscript>
  );
}

/** What the last plain-form upload answered (`?error=` or `?retake=` on the page's address). */
export function UploadNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={`${errorBox} mb-4`} data-testid="upload-notice">
      {message}
    </p>
  );
}
