import { describe, expect, it } from "vitest";
import { parseConfig, ConfigError } from "@/lib/config";
import { coalesce } from "@/lib/server/jobs/coalesce";
import { OutcomeWriter } from "@/lib/server/webhooks/outcome-writer";
import type { DeliveryOutcome } from "@/lib/server/webhooks/save-outcomes";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("coalesce", () => {
  it("turns a burst of kicks into one run, and kicks during a run into one more, never two at once", async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    let started!: () => void;
    const first = new Promise<void>((resolve) => (started = resolve));
    const task = coalesce(
      async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        runs++;
        started();
        await tick();
        running--;
      },
      () => {},
    );
    for (let i = 0; i < 50; i++) task.kick();
    await first;
    for (let i = 0; i < 50; i++) task.kick();
    await task.idle();
    expect(runs).toBe(2);
    expect(maxRunning).toBe(1);
  });

  it("starts runs at least minIntervalMs apart", async () => {
    const starts: number[] = [];
    const task = coalesce(
      async () => void starts.push(Date.now()),
      () => {},
      30,
    );
    task.kick();
    await task.idle();
    task.kick();
    await task.idle();
    expect(starts).toHaveLength(2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(28);
  });

  it("keeps running after a failed run", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const task = coalesce(
      async () => {
        calls++;
        if (calls === 1) throw new Error("boom");
      },
      (e) => errors.push(e),
    );
    task.kick();
    await task.idle();
    task.kick();
    await task.idle();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });
});

describe("OutcomeWriter", () => {
  it("writes outcomes that arrive during a write together, in the next write", async () => {
    const batches: number[] = [];
    let writing!: () => void;
    const started = new Promise<void>((resolve) => (writing = resolve));
    const writer = new OutcomeWriter(async (batch) => {
      batches.push(batch.length);
      writing();
      await tick();
    });
    const outcome = {} as DeliveryOutcome;
    writer.add(outcome);
    await started;
    for (let i = 0; i < 10; i++) writer.add(outcome);
    await writer.flushed();
    expect(batches).toEqual([1, 10]);
  });

  it("waits up to gatherMs for a batch of minBatch", async () => {
    const batches: number[] = [];
    const writer = new OutcomeWriter(async (batch) => void batches.push(batch.length), { minBatch: 5, gatherMs: 200 });
    const outcome = {} as DeliveryOutcome;
    for (let i = 0; i < 5; i++) {
      writer.add(outcome);
      await tick();
    }
    await writer.flushed();
    expect(batches).toEqual([5]);
    writer.add(outcome); // alone: written once gatherMs has passed
    await writer.flushed();
    expect(batches).toEqual([5, 1]);
  });
});

describe("webhook configuration", () => {
  it("defaults to in-process delivery, eight tries, 10 s timeout", () => {
    expect(parseConfig({}).webhooks).toEqual({
      worker: "in-process",
      retryScheduleSeconds: [0, 5, 300, 1800, 7200, 18000, 36000, 36000],
      timeoutMs: 10_000,
      leaseSeconds: 30,
      concurrency: 64,
      sweepSeconds: 5,
    });
    expect(parseConfig({ WEBHOOK_RETRY_SCHEDULE: "0, 0.05,1" }).webhooks.retryScheduleSeconds).toEqual([0, 0.05, 1]);
  });

  it.each([
    [{ WEBHOOK_WORKER: "external" }, "WEBHOOK_WORKER", /needs DATABASE_URL/],
    [{ WEBHOOK_WORKER: "elsewhere" }, "WEBHOOK_WORKER", /in-process or external/],
    [{ WEBHOOK_RETRY_SCHEDULE: "5,10" }, "WEBHOOK_RETRY_SCHEDULE", /starting with 0/],
    [{ WEBHOOK_RETRY_SCHEDULE: "0,x" }, "WEBHOOK_RETRY_SCHEDULE", /comma-separated/],
    [{ WEBHOOK_TIMEOUT_SECONDS: "60" }, "WEBHOOK_TIMEOUT_SECONDS", /30/],
    [{ WEBHOOK_LEASE_SECONDS: "5" }, "WEBHOOK_LEASE_SECONDS", /longer than WEBHOOK_TIMEOUT_SECONDS/],
  ])("refuses %j naming %s", (env, variable, message) => {
    let error: unknown;
    try {
      parseConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.find((i) => i.variable === variable)!.message).toMatch(message);
  });

  it("allows an external worker on PostgreSQL", () => {
    expect(parseConfig({ WEBHOOK_WORKER: "external", DATABASE_URL: "postgres://app@db/idv" }).webhooks.worker).toBe("external");
  });
});
