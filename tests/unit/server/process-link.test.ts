// Issue 14: in a two-process server the pages' process hands background signals to the API's
// process (process-link.ts); the API's process, and a one-process server, handle them itself.
import { afterEach, describe, expect, it } from "vitest";
import { linkProcess, tellOwner, tellPeer, type PeerMessage } from "@/lib/server/shared/process-link";
import { notifyOutbox, setOutboxListener } from "@/lib/server/webhooks/outbox";

afterEach(() => linkProcess(null));

describe("the process link", () => {
  it("sends to the owner only from the pages' process", () => {
    const sent: PeerMessage[] = [];
    expect(tellOwner({ verity: "outbox" })).toBe(false); // one process: nothing linked
    linkProcess({ role: "api", send: (m) => sent.push(m) });
    expect(tellOwner({ verity: "outbox" })).toBe(false);
    expect(tellPeer({ verity: "cache", name: "tokens" })).toBe(true);
    linkProcess({ role: "pages", send: (m) => sent.push(m) });
    expect(tellOwner({ verity: "hosted-checks" })).toBe(true);
    expect(sent).toEqual([{ verity: "cache", name: "tokens" }, { verity: "hosted-checks" }]);
  });

  it("a peer that is gone is reported, not thrown", () => {
    linkProcess({
      role: "pages",
      send: () => {
        throw new Error("channel closed");
      },
    });
    expect(tellOwner({ verity: "outbox" })).toBe(false);
  });

  it("wakes the outbox dispatcher here, or the API process's from the pages' process", () => {
    let woken = 0;
    const remove = setOutboxListener(() => woken++);
    try {
      const sent: PeerMessage[] = [];
      notifyOutbox();
      linkProcess({ role: "api", send: (m) => sent.push(m) });
      notifyOutbox();
      expect([woken, sent.length]).toEqual([2, 0]);
      linkProcess({ role: "pages", send: (m) => sent.push(m) });
      notifyOutbox();
      expect([woken, sent]).toEqual([2, [{ verity: "outbox" }]]);
    } finally {
      remove();
    }
  });
});
