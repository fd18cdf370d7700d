// A thread of the engine pool (engine-pool.ts): the OCR readers and the face models load once per
// thread, on its first task, and stay warm.
import { runTaskHere, type EngineTask } from "./engine-tasks";

export default function handle(task: EngineTask) {
  return runTaskHere(task);
}
