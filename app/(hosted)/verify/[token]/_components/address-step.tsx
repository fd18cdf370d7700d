"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { noticeUrl } from "./notice-url";
import { useState } from "react";
import { FilePicker } from "@/components/hosted/capture/file-picker";
import { UploadWithProgress } from "@/components/hosted/capture/upload-with-progress";
import { card, heading, linkButton } from "@/components/hosted/styles";

export interface AddressStepProps {
  token: string;
  teamName: string;
  /** Documents the step needs: two when the workflow is address only. */
  required: 1 | 2;
}

const ACCEPT = "image/jpeg,image/png,application/pdf";

/** One or two address documents, photo or PDF, sent with a progress bar; chosen files are kept across a retake. */
export function AddressStep({ token, teamName, required }: AddressStepProps) {
  const t = useTranslations("hosted");
  const router = useRouter();
  const [files, setFiles] = useState<(File | null)[]>([null, null]);
  const [errors, setErrors] = useState<(string | null)[]>([null, null]);
  const [addedSecond, setSecond] = useState(false);
  const second = addedSecond || required === 2;
  const pick = (i: number) => (file: File) => {
    setFiles((f) => f.map((old, j) => (j === i ? file : old)));
    setErrors((e) => e.map((old, j) => (j === i ? null : old)));
  };
  const refuse = (i: number) => (code: "type" | "size") =>
    setErrors((e) =>
      e.map((old, j) => (j === i ? t(code === "type" ? "upload.errors.wrong_file_type" : "upload.errors.file_too_large") : old)),
    );
  return (
    <section aria-labelledby="address-title" className={`${card} space-y-4`}>
      <h2 id="address-title" className={heading}>
        {t("address.title")}
      </h2>
      <p className="text-slate-700">{t(required === 2 ? "address.introTwo" : "address.intro")}</p>
      {[0, 1].slice(0, second ? 2 : 1).map((i) => (
        <div key={i} className="space-y-1">
          <FilePicker
            label={t("address.fileLabel", { number: i + 1 })}
            hint={t("address.fileHint")}
            accept={ACCEPT}
            onFile={pick(i)}
            onError={refuse(i)}
            error={errors[i]}
            prominent={i === 0}
          />
          {files[i] ? (
            <p className="text-sm text-slate-800" data-testid={`address-file-${i + 1}`}>
              {files[i]!.name}
            </p>
          ) : null}
        </div>
      ))}
      {!second ? (
        <button type="button" className={linkButton} onClick={() => setSecond(true)}>
          {t("address.addSecond")}
        </button>
      ) : null}
      <UploadWithProgress
        url={`/verify/${token}/address`}
        retakeContext="address"
        teamName={teamName}
        disabled={files.filter(Boolean).length < required}
        body={() => {
          const form = new FormData();
          files.forEach((file, i) => file && form.set(`document${i + 1}`, file, file.name));
          return form;
        }}
        onNext={() => router.refresh()}
        onFatal={(e) => router.replace(noticeUrl(token, e.code))}
      />
    </section>
  );
}
