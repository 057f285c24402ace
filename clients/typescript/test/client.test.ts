// The runtime client against a real `retentia serve` (tests/integration/test_ts_client.py starts
// it with an API key and runs these with RETENTIA_URL and RETENTIA_KEY set).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  InvalidInputError,
  NotFoundError,
  Retentia,
  TransportError,
  UnauthenticatedError,
} from "../src/index.js";

const url = process.env.RETENTIA_URL ?? "";
const apiKey = process.env.RETENTIA_KEY ?? "";
const run = `${process.pid}-${Date.now()}`;

function client(project: string, extra: Partial<ConstructorParameters<typeof Retentia>[0]> = {}) {
  return new Retentia({ url, apiKey, project: `${project}-${run}`, backoffMs: 20, ...extra });
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

test("a stored memory is read back and recalled", async () => {
  const retentia = client("ts-store");
  const stored = await retentia.storeMemory({
    content: "The staging cluster runs on arm64 nodes in Frankfurt",
    entities: ["staging"],
  });
  assert.match(stored.memory.id, /\S/);
  const read = await retentia.memory(stored.memory.id);
  assert.equal(read.content, "The staging cluster runs on arm64 nodes in Frankfurt");
  const recall = await retentia.recall("where does staging run?", { k: 3 });
  assert.equal(recall.hits[0]?.id, stored.memory.id);
  const context = await retentia.context("staging cluster", 200);
  assert.match(context.text, /arm64/);
  assert.ok(context.tokens <= 200);
});

test("one idempotency key stores once", async () => {
  const retentia = client("ts-idem");
  const first = await retentia.storeMemory({ content: "The deploy freeze starts Friday" }, "k-1");
  const again = await retentia.storeMemory({ content: "The deploy freeze starts Friday" }, "k-1");
  assert.equal(again.memory.id, first.memory.id);
  assert.equal((await all(retentia.memories())).length, 1);
});

test("a write whose connection drops is retried and applied once", async () => {
  let calls = 0;
  const flaky: typeof fetch = async (input, init) => {
    calls += 1;
    const answer = await fetch(input, init); // the service receives and applies it…
    if (calls === 1) throw new TypeError("fetch failed: socket hang up"); // …the answer is lost
    return answer;
  };
  const retentia = client("ts-retry", { fetch: flaky });
  const stored = await retentia.storeMemory({ content: "Backups run at 02:00 UTC" });
  assert.equal(calls, 2);
  const listed = await all(retentia.memories());
  assert.deepEqual(
    listed.map((m) => m.id),
    [stored.memory.id],
  );
});

test("a connection that stays down ends in a retryable TransportError", async () => {
  const down: typeof fetch = async () => {
    throw new TypeError("fetch failed: ECONNREFUSED");
  };
  const retentia = client("ts-down", { fetch: down, attempts: 3 });
  await assert.rejects(retentia.recall("anything"), (error: unknown) => {
    assert.ok(error instanceof TransportError);
    assert.equal(error.retryable, true);
    return true;
  });
});

test("failures become typed errors", async () => {
  const retentia = client("ts-errors");
  await assert.rejects(retentia.storeMemory({ content: "" }), (error: unknown) => {
    assert.ok(error instanceof InvalidInputError);
    assert.equal(error.field, "content");
    assert.equal(error.retryable, false);
    return true;
  });
  await retentia.storeMemory({ content: "something so the project exists" });
  await assert.rejects(retentia.memory("00000000-0000-0000-0000-000000000000"), NotFoundError);
  const stranger = new Retentia({ url, apiKey: "rtk_not-a-key", project: `ts-errors-${run}` });
  await assert.rejects(stranger.recall("anything"), UnauthenticatedError);
});

test("pages are iterated and projects are isolated", async () => {
  const a = client("ts-pages-a");
  for (let i = 0; i < 7; i++) await a.storeMemory({ content: `Page test note number ${i}` });
  const listed = await all(a.memories(3));
  assert.equal(listed.length, 7);
  assert.equal(new Set(listed.map((m) => m.id)).size, 7);
  const b = client("ts-pages-b");
  await b.storeMemory({ content: "Only in project b" });
  assert.equal((await all(b.memories())).length, 1);
});

test("a history file imports, a bad record is reported, and the export streams it", async () => {
  const retentia = client("ts-import");
  const lines = [
    { kind: "header", format: "retentia-ndjson", version: 1, mode: "history" },
    {
      kind: "memory",
      id: "c-1",
      content: "The on-call rota changes on Mondays",
      created_at: "2025-03-03T09:00:00+00:00",
      entities: ["on-call"],
    },
    { kind: "memory", id: "c-2", content: "Incident reviews happen on Thursdays" },
    { kind: "memory", id: "c-3", content: "" },
  ];
  const report = await retentia.importRecords(lines.map((l) => JSON.stringify(l)).join("\n"));
  assert.deepEqual(
    report.rejected.map((r) => [r.line, r.kind]),
    [[4, "memory"]],
  );
  assert.equal(report.imported.find((c) => c.kind === "memory")?.count, 2);
  const records = await all(retentia.exportRecords());
  assert.equal(records[0]?.kind, "header");
  assert.equal(records.at(-1)?.kind, "end");
  const memories = records.filter((r) => r.kind === "memory");
  assert.deepEqual(
    memories.map((r) => r.content).sort(),
    ["Incident reviews happen on Thursdays", "The on-call rota changes on Mondays"],
  );
  const rota = memories.find((r) => r.content === "The on-call rota changes on Mondays");
  assert.match(String(rota?.created_at), /^2025-03-03T09:00:00/);
});
