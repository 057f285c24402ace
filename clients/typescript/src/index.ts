export { Retentia } from "./client.js";
export type {
  Context,
  Explanation,
  Fact,
  ImportReport,
  Memory,
  MemorySummary,
  Recall,
  RetentiaOptions,
  StoredMemory,
} from "./client.js";
export * from "./errors.js";
export type { StoreMemoryInput } from "../generated/graphql.js";
