// A document-reading thread of the pool (run-document-task.ts): OCR workers and the face model
// load once per thread, on its first task, and stay warm.
import { runTaskHere, type DocumentTask } from "./tasks";

export default function handle(task: DocumentTask) {
  return runTaskHere(task);
}
