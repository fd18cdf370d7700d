// XMLHttpRequest rather than fetch: fetch cannot report upload progress.

/** Asks the hosted upload routes for a 200 whatever the answer (it is in the JSON body): no console error for a retake. */
export const CAPTURE_HEADER = "x-verity-capture";

export class UploadNetworkError extends Error {
  constructor() {
    super("The upload did not reach the server");
    this.name = "UploadNetworkError";
  }
}

export function postForm(
  url: string,
  body: FormData,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader(CAPTURE_HEADER, "1");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.upload.onload = () => options.onProgress?.(1);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new UploadNetworkError());
    xhr.ontimeout = () => reject(new UploadNetworkError());
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
