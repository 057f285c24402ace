// The runtime client: typed documents generated from the committed SDL (generated/graphql.ts)
// sent with graphql-request; each result union becomes its value or a typed error (errors.ts).
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { ClientError, GraphQLClient } from "graphql-request";

import {
  ContextDocument,
  ExplainDocument,
  FactPageDocument,
  GetMemoryDocument,
  ImportRecordsDocument,
  MemoryPageDocument,
  RecallDocument,
  StoreMemoryDocument,
} from "../generated/graphql.js";
import type {
  ContextQuery,
  ExplainQuery,
  FactPageQuery,
  GetMemoryQuery,
  ImportRecordsMutation,
  MemoryPageQuery,
  RecallQuery,
  RecallQueryVariables,
  StoreMemoryInput,
  StoreMemoryMutation,
} from "../generated/graphql.js";
import {
  RetentiaError,
  TransportError,
  UnauthenticatedError,
  failureError,
  type FailureMember,
} from "./errors.js";

type Member<T> = T extends { __typename: infer N } ? (T & { __typename: N }) : never;
type Success<T, N extends string> = Extract<Member<T>, { __typename: N }>;

export type StoredMemory = Success<StoreMemoryMutation["storeMemory"], "StoreSuccess">;
export type Recall = Success<RecallQuery["recall"], "Recall">;
export type Explanation = Success<ExplainQuery["explain"], "Explanation">;
export type Memory = Success<GetMemoryQuery["memory"], "Memory">;
export type MemorySummary = Success<MemoryPageQuery["memories"], "MemoryConnection">["nodes"][number];
export type Fact = Success<FactPageQuery["facts"], "FactList">["nodes"][number];
export type Context = Success<ContextQuery["context"], "Context">;
export type ImportReport = Success<ImportRecordsMutation["importRecords"], "ImportReport">;

export interface RetentiaOptions {
  /** The service's base URL, e.g. `http://127.0.0.1:8000` (GraphQL at `/graphql`). */
  url: string;
  /** An API key (`retentia keys create`); none for a service in development mode. */
  apiKey?: string;
  /** The project every request addresses (`X-Retentia-Project`); the key's default if none. */
  project?: string;
  /** Attempts for a retryable failure or a lost connection, the first included (default 4). */
  attempts?: number;
  /** The first retry's delay in ms, doubled each time with jitter (default 200). */
  backoffMs?: number;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
}

const PROJECT_HEADER = "X-Retentia-Project";

/** A result union's member: the success named `success`, else the failure as a typed error. */
function unwrap<T extends { __typename: string }, N extends T["__typename"]>(
  result: T,
  success: N,
): Extract<T, { __typename: N }> {
  if (result.__typename === success) {
    return result as Extract<T, { __typename: N }>;
  }
  throw failureError(result as unknown as FailureMember);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class Retentia {
  private readonly graphql: GraphQLClient;
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: RetentiaOptions) {
    this.base = options.url.replace(/\/+$/, "");
    this.headers = {};
    if (options.apiKey) this.headers.Authorization = `Bearer ${options.apiKey}`;
    if (options.project) this.headers[PROJECT_HEADER] = options.project;
    this.attempts = Math.max(1, options.attempts ?? 4);
    this.backoffMs = options.backoffMs ?? 200;
    this.fetchImpl = options.fetch ?? fetch;
    this.graphql = new GraphQLClient(`${this.base}/graphql`, {
      headers: this.headers,
      fetch: this.fetchImpl,
    });
  }

  /** The same client addressing another project. */
  withProject(project: string): Retentia {
    return new Retentia({
      url: this.base,
      apiKey: this.headers.Authorization?.slice("Bearer ".length),
      project,
      attempts: this.attempts,
      backoffMs: this.backoffMs,
      fetch: this.fetchImpl,
    });
  }

  /** Sends one operation; `pick` turns its answer into a value or throws. A retryable error
   * (a retryable failure member, a lost connection, 429 or 5xx) is sent again, as it is, with
   * exponential backoff; a write keeps its idempotency key, so it is applied once. */
  private async send<R, V extends Record<string, unknown>, T>(
    document: TypedDocumentNode<R, V>,
    variables: V,
    pick: (answer: R) => T,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return pick(await this.request(document, variables));
      } catch (error) {
        if (!(error instanceof RetentiaError) || !error.retryable || attempt >= this.attempts) {
          throw error;
        }
        const delay = this.backoffMs * 2 ** (attempt - 1);
        await sleep(delay / 2 + Math.random() * (delay / 2));
      }
    }
  }

  private async request<R, V extends Record<string, unknown>>(
    document: TypedDocumentNode<R, V>,
    variables: V,
  ): Promise<R> {
    try {
      // graphql-request's overloads want variables as a rest argument typed by V.
      return await (this.graphql.request as (d: unknown, v: unknown) => Promise<R>)(
        document,
        variables,
      );
    } catch (error) {
      if (error instanceof ClientError) {
        const status = error.response.status;
        const message = error.response.errors?.map((e) => e.message).join("; ") ?? error.message;
        if (status === 401) throw new UnauthenticatedError(message);
        throw new TransportError(message, status, status === 429 || status >= 500);
      }
      if (error instanceof RetentiaError) throw error;
      throw new TransportError(String(error), null, true); // the connection failed
    }
  }

  /** Stores one memory. A write carries an idempotency key (a fresh one unless given), so a
   * retry after a lost answer stores it once. */
  async storeMemory(input: StoreMemoryInput, idempotencyKey?: string): Promise<StoredMemory> {
    const key = idempotencyKey ?? crypto.randomUUID();
    return this.send(StoreMemoryDocument, { input, idempotencyKey: key }, (a) =>
      unwrap(a.storeMemory, "StoreSuccess"),
    );
  }

  async recall(query: string, options: Omit<RecallQueryVariables, "query"> = {}): Promise<Recall> {
    return this.send(RecallDocument, { ...options, query }, (a) => unwrap(a.recall, "Recall"));
  }

  async explain(id: string, query?: string): Promise<Explanation> {
    return this.send(ExplainDocument, { id, query }, (a) => unwrap(a.explain, "Explanation"));
  }

  async memory(id: string): Promise<Memory> {
    return this.send(GetMemoryDocument, { id }, (a) => unwrap(a.memory, "Memory"));
  }

  /** A context block for a prompt, within `budget` tokens. */
  async context(query: string, budget = 1024): Promise<Context> {
    return this.send(ContextDocument, { query, budget }, (a) => unwrap(a.context, "Context"));
  }

  /** Every memory of the project, page by page. */
  async *memories(pageSize = 100): AsyncGenerator<MemorySummary> {
    let after: string | null | undefined;
    do {
      const page = await this.send(MemoryPageDocument, { first: pageSize, after }, (a) =>
        unwrap(a.memories, "MemoryConnection"),
      );
      yield* page.nodes;
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
  }

  /** Every fact (of `entity`, if given), page by page. */
  async *facts(entity?: string, pageSize = 100): AsyncGenerator<Fact> {
    let after: string | null | undefined;
    do {
      const page = await this.send(FactPageDocument, { entity, first: pageSize, after }, (a) =>
        unwrap(a.facts, "FactList"),
      );
      yield* page.nodes;
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
  }

  /** Imports NDJSON (docs/ndjson-format.md): a history file, or an export into an empty
   * project. Refused records are in the report, not thrown. */
  async importRecords(ndjson: string): Promise<ImportReport> {
    return this.send(ImportRecordsDocument, { ndjson }, (a) =>
      unwrap(a.importRecords, "ImportReport"),
    );
  }

  /** The project exported as NDJSON records, streamed line by line from `GET /export`. */
  async *exportRecords(options: { embeddings?: boolean } = {}): AsyncGenerator<Record<string, unknown>> {
    const params = new URLSearchParams({ embeddings: String(options.embeddings ?? false) });
    const project = this.headers[PROJECT_HEADER];
    if (project) params.set("project", project);
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.base}/export?${params}`, { headers: this.headers });
    } catch (error) {
      throw new TransportError(String(error), null, true);
    }
    if (!response.ok || response.body === null) {
      const body = (await response.json().catch(() => ({}))) as FailureMember & { error?: string };
      const member = { ...body, __typename: body.error ?? "Transport" };
      if (response.status === 401) throw new UnauthenticatedError(body.message ?? "unauthenticated");
      throw response.status >= 500 ? new TransportError(body.message ?? "", response.status, true) : failureError(member);
    }
    const decoder = new TextDecoder();
    let pending = "";
    for await (const chunk of response.body) {
      pending += decoder.decode(chunk as Uint8Array, { stream: true });
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) yield JSON.parse(line) as Record<string, unknown>;
    }
    pending += decoder.decode();
    if (pending.trim()) yield JSON.parse(pending) as Record<string, unknown>;
  }
}
