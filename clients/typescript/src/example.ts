// A frontend's use of the generated types: variables must fit the SDL, and every union member
// is handled by its __typename (tsc --noEmit checks both).
import type {
  AnalyticsQuery,
  ExplainQuery,
  FactsQuery,
  RecallQuery,
  RecallQueryVariables,
  StoreMemoryMutation,
  StoreMemoryMutationVariables,
} from "../generated/graphql.js";

export const storeVariables: StoreMemoryMutationVariables = {
  input: { content: "the staging cluster runs on arm64 nodes", category: "LOGISTICAL_CONTEXT", entities: [] },
  idempotencyKey: "frontend-1",
};

export const recallVariables: RecallQueryVariables = { query: "staging architecture", k: 5 };

export function storedId(answer: StoreMemoryMutation): string {
  const result = answer.storeMemory;
  switch (result.__typename) {
    case "StoreSuccess":
      return result.memory.id;
    case "InvalidInput":
      throw new Error(`${result.field}: ${result.message}`);
    case "NotFound":
      throw new Error(`${result.kind} ${result.key}: ${result.message}`);
    case "Conflict":
    case "Forbidden":
    case "Unauthenticated":
      throw new Error(result.message);
  }
}

export function hitSummaries(answer: RecallQuery): string[] {
  const result = answer.recall;
  if (result.__typename !== "Recall") {
    throw new Error(result.message);
  }
  return result.hits.map((hit) => `${hit.score.toFixed(3)} ${hit.summary ?? hit.id}`);
}

export function explainedScore(answer: ExplainQuery): number | null {
  return answer.explain.__typename === "Explanation" ? answer.explain.score : null;
}

export function factTriples(answer: FactsQuery): string[] {
  const result = answer.facts;
  return result.__typename === "FactList"
    ? result.nodes.map((f) => `${f.subject} ${f.predicate} ${f.object}`)
    : [];
}

export function orphanShare(answer: AnalyticsQuery): number {
  const a = answer.analytics;
  return a.__typename === "Analytics" && a.memories > 0 ? a.orphanCount / a.memories : 0;
}
