"use client";

import { useEffect, useRef, useState } from "react";
import { useRiskFormClasses } from "./classes";
import { describedBy, FieldError } from "./field";

/** spec 8: a face image is a JPEG or PNG of at most 10 MB (the server checks the bytes again). */
export const FACE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const FACE_IMAGE_TYPES = ["image/jpeg", "image/png"] as const;

// Phone cameras take 3–12 MB photos; the face check needs far less, and a form sent over a mobile
// connection should not wait for megabytes. Larger photos are re-encoded in the browser (the
// server still checks type and size on whatever arrives).
const SEND_BYTES = 900 * 1024;
const MAX_SIDE = 1600;

async function prepareImage(file: File): Promise<File> {
  if (file.size <= SEND_BYTES) return file;
  const bitmap = await createImageBitmap(file);
  try {
    for (const [side, quality] of [
      [MAX_SIDE, 0.88],
      [MAX_SIDE, 0.75],
      [1200, 0.75],
      [900, 0.7],
    ] as const) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
      if (blob && blob.size <= SEND_BYTES) return new File([blob], "face.jpg", { type: "image/jpeg" });
    }
  } finally {
    bitmap.close();
  }
  throw new Error("could not make the photo small enough");
}

interface Props {
  file: File | null;
  onChange: (file: File | null) => void;
  errors?: readonly string[];
  id?: string;
  /** The field's name in the label and messages ("Selfie", "Face image"). */
  label?: string;
  hint?: string;
  previewAlt?: string;
}

/** An optional face photo: JPEG or PNG up to 10 MB, checked here and on the server; the caller sends `file`. */
export function FaceImageField({
  file,
  onChange,
  errors,
  id = "selfie",
  label = "Selfie",
  hint = "A clear, recent photo of your face, looking at the camera. JPEG or PNG, up to 10 MB. It helps us confirm it’s really you.",
  previewAlt = "Your selfie",
}: Props) {
  const classes = useRiskFormClasses();
  const inputRef = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const noun = label.toLowerCase();

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the object URL is an external resource made and revoked here
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);

  async function pick(chosen: File | undefined) {
    setLocalError(null);
    if (!chosen) return;
    if (!(FACE_IMAGE_TYPES as readonly string[]).includes(chosen.type)) {
      setLocalError(`The ${noun} must be a JPEG or PNG photo`);
    } else if (chosen.size > FACE_IMAGE_MAX_BYTES) {
      setLocalError(`The ${noun} must be smaller than 10 MB`);
    } else {
      setBusy(true);
      try {
        onChange(await prepareImage(chosen));
      } catch {
        setLocalError("We couldn't read this photo. Please choose another JPEG or PNG.");
      } finally {
        setBusy(false);
      }
      return;
    }
    if (inputRef.current) inputRef.current.value = "";
    onChange(null);
  }

  const shown = localError ? [localError] : errors;
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor={id} className={classes.label}>
          {label} <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <p id={`${id}-hint`} className={classes.hint}>
          {hint}
        </p>
        <FieldError id={`${id}-error`} messages={shown} />
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby={describedBy(`${id}-hint`, `${id}-error`)}
          aria-invalid={shown?.length ? true : undefined}
          onChange={(e) => void pick(e.target.files?.[0])}
          className={`${classes.fileInput} ${classes.ring}`}
        />
        <p role="status" className={`${classes.hint} empty:hidden`}>
          {busy ? "Preparing the photo…" : ""}
        </p>
      </div>
      {file && preview && (
        <div className="flex items-center gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="selfie-preview">
          {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL, not an optimisable asset */}
          <img src={preview} alt={previewAlt} className="h-20 w-20 rounded-md object-cover" />
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-slate-900">Photo added</p>
            <p className="text-slate-700">{Math.max(1, Math.round(file.size / 1024))} KB</p>
            <button
              type="button"
              className={`${classes.linkButton} mt-1 text-sm`}
              onClick={() => {
                if (inputRef.current) inputRef.current.value = "";
                onChange(null);
              }}
            >
              Remove photo
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
