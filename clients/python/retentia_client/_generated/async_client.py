from datetime import datetime
from typing import Any, Optional, Union

from .amend_memory import AmendMemory
from .async_base_client import AsyncBaseClient
from .base_model import UNSET, UnsetType
from .context import Context
from .core_memories import CoreMemories
from .delete_memories import DeleteMemories
from .entity import Entity
from .enums import Direction, EdgeType, FactState, RecallIntent
from .fact_history import FactHistory
from .facts import Facts
from .forgotten_memories import ForgottenMemories
from .get_memory import GetMemory
from .import_records import ImportRecords
from .ingest_facts import IngestFacts
from .input_types import FactInput, LinkInput, StoreMemoryInput
from .link_memories import LinkMemories
from .memories import Memories
from .projects import Projects
from .recall import Recall
from .retract_fact import RetractFact
from .stats import Stats
from .store_memories import StoreMemories
from .store_memory import StoreMemory
from .traverse import Traverse


def gql(q: str) -> str:
    return q


class AsyncGeneratedClient(AsyncBaseClient):
    async def get_memory(self, id: str, **kwargs: Any) -> GetMemory:
        query = gql("""
            query GetMemory($id: ID!) {
              memory(id: $id) {
                __typename
                ...MemoryFields
                ...NotFoundFields
                ...InvalidInputFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment MemoryFields on Memory {
              id
              content
              summary
              entities
              category
              status
              pinned
              visibility
              createdAt
              receivedAt
              eventTime
              sourceSession
              supersededBy
              score
              metadata {
                key
                value
              }
            }

            fragment NotFoundFields on NotFound {
              message
              kind
              key
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {"id": id}
        response = await self.execute(
            query=query, operation_name="GetMemory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return GetMemory.model_validate(data)

    async def memories(
        self, first: int, after: Union[Optional[str], UnsetType] = UNSET, **kwargs: Any
    ) -> Memories:
        query = gql("""
            query Memories($first: Int!, $after: String) {
              memories(first: $first, after: $after) {
                __typename
                ... on MemoryConnection {
                  nodes {
                    ...MemoryFields
                  }
                  pageInfo {
                    ...PageInfoFields
                  }
                }
                ...InvalidInputFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment MemoryFields on Memory {
              id
              content
              summary
              entities
              category
              status
              pinned
              visibility
              createdAt
              receivedAt
              eventTime
              sourceSession
              supersededBy
              score
              metadata {
                key
                value
              }
            }

            fragment PageInfoFields on PageInfo {
              hasNextPage
              endCursor
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {"first": first, "after": after}
        response = await self.execute(
            query=query, operation_name="Memories", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Memories.model_validate(data)

    async def core_memories(
        self, first: int, after: Union[Optional[str], UnsetType] = UNSET, **kwargs: Any
    ) -> CoreMemories:
        query = gql("""
            query CoreMemories($first: Int!, $after: String) {
              coreMemories(first: $first, after: $after) {
                __typename
                ... on MemoryConnection {
                  nodes {
                    ...MemoryFields
                  }
                  pageInfo {
                    ...PageInfoFields
                  }
                }
                ...InvalidInputFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment MemoryFields on Memory {
              id
              content
              summary
              entities
              category
              status
              pinned
              visibility
              createdAt
              receivedAt
              eventTime
              sourceSession
              supersededBy
              score
              metadata {
                key
                value
              }
            }

            fragment PageInfoFields on PageInfo {
              hasNextPage
              endCursor
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {"first": first, "after": after}
        response = await self.execute(
            query=query, operation_name="CoreMemories", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return CoreMemories.model_validate(data)

    async def forgotten_memories(
        self, first: int, after: Union[Optional[str], UnsetType] = UNSET, **kwargs: Any
    ) -> ForgottenMemories:
        query = gql("""
            query ForgottenMemories($first: Int!, $after: String) {
              forgottenMemories(first: $first, after: $after) {
                __typename
                ... on ForgottenMemoryConnection {
                  nodes {
                    id
                    forgottenAt
                    purgeAfter
                    reason
                    memory {
                      ...MemoryFields
                    }
                    facts
                  }
                  pageInfo {
                    ...PageInfoFields
                  }
                }
                ...InvalidInputFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment MemoryFields on Memory {
              id
              content
              summary
              entities
              category
              status
              pinned
              visibility
              createdAt
              receivedAt
              eventTime
              sourceSession
              supersededBy
              score
              metadata {
                key
                value
              }
            }

            fragment PageInfoFields on PageInfo {
              hasNextPage
              endCursor
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {"first": first, "after": after}
        response = await self.execute(
            query=query,
            operation_name="ForgottenMemories",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return ForgottenMemories.model_validate(data)

    async def traverse(
        self,
        id: str,
        depth: int,
        direction: Direction,
        first: int,
        edge_types: Union[Optional[list[EdgeType]], UnsetType] = UNSET,
        after: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Traverse:
        query = gql("""
            query Traverse($id: ID!, $depth: Int!, $edgeTypes: [EdgeType!], $direction: Direction!, $first: Int!, $after: String) {
              traverse(
                id: $id
                depth: $depth
                edgeTypes: $edgeTypes
                direction: $direction
                first: $first
                after: $after
              ) {
                __typename
                ... on Subgraph {
                  nodes {
                    ...MemoryFields
                  }
                  edges {
                    ...EdgeFields
                  }
                  pageInfo {
                    ...PageInfoFields
                  }
                }
                ...NotFoundFields
                ...InvalidInputFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment EdgeFields on MemoryEdge {
              source
              target
              type
              partition
              weight
              reason
              createdBy
              createdAt
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment MemoryFields on Memory {
              id
              content
              summary
              entities
              category
              status
              pinned
              visibility
              createdAt
              receivedAt
              eventTime
              sourceSession
              supersededBy
              score
              metadata {
                key
                value
              }
            }

            fragment NotFoundFields on NotFound {
              message
              kind
              key
            }

            fragment PageInfoFields on PageInfo {
              hasNextPage
              endCursor
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {
            "id": id,
            "depth": depth,
            "edgeTypes": edge_types,
            "direction": direction,
            "first": first,
            "after": after,
        }
        response = await self.execute(
            query=query, operation_name="Traverse", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Traverse.model_validate(data)

    async def facts(
        self,
        first: int,
        subject: Union[Optional[str], UnsetType] = UNSET,
        predicate: Union[Optional[str], UnsetType] = UNSET,
        entity: Union[Optional[str], UnsetType] = UNSET,
        as_of: Union[Optional[datetime], UnsetType] = UNSET,
        from_: Union[Optional[datetime], UnsetType] = UNSET,
        to: Union[Optional[datetime], UnsetType] = UNSET,
        states: Union[Optional[list[FactState]], UnsetType] = UNSET,
        after: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Facts:
        query = gql("""
            query Facts($subject: String, $predicate: String, $entity: String, $asOf: DateTime, $from: DateTime, $to: DateTime, $states: [FactState!], $first: Int!, $after: String) {
              facts(
                subject: $subject
                predicate: $predicate
                entity: $entity
                asOf: $asOf
                from: $from
                to: $to
                states: $states
                first: $first
                after: $after
              ) {
                __typename
                ... on FactList {
                  nodes {
                    ...FactFields
                  }
                  pageInfo {
                    ...PageInfoFields
                  }
                }
                ...InvalidInputFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment FactFields on Fact {
              id
              subject
              predicate
              object
              state
              validFrom
              validTo
              recordedAt
              invalidAt
              supersededBy
              category
              confidence
              eventTime
              sourceId
              writer
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment PageInfoFields on PageInfo {
              hasNextPage
              endCursor
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {
            "subject": subject,
            "predicate": predicate,
            "entity": entity,
            "asOf": as_of,
            "from": from_,
            "to": to,
            "states": states,
            "first": first,
            "after": after,
        }
        response = await self.execute(
            query=query, operation_name="Facts", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Facts.model_validate(data)

    async def fact_history(
        self,
        subject: str,
        predicate: str,
        first: int,
        after: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> FactHistory:
        query = gql("""
            query FactHistory($subject: String!, $predicate: String!, $first: Int!, $after: String) {
              factHistory(
                subject: $subject
                predicate: $predicate
                first: $first
                after: $after
              ) {
                __typename
                ... on FactList {
                  nodes {
                    ...FactFields
                  }
                  pageInfo {
                    ...PageInfoFields
                  }
                }
                ...InvalidInputFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment FactFields on Fact {
              id
              subject
              predicate
              object
              state
              validFrom
              validTo
              recordedAt
              invalidAt
              supersededBy
              category
              confidence
              eventTime
              sourceId
              writer
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment PageInfoFields on PageInfo {
              hasNextPage
              endCursor
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {
            "subject": subject,
            "predicate": predicate,
            "first": first,
            "after": after,
        }
        response = await self.execute(
            query=query, operation_name="FactHistory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return FactHistory.model_validate(data)

    async def recall(
        self,
        query: str,
        k: int,
        read_only: bool,
        intent: Union[Optional[RecallIntent], UnsetType] = UNSET,
        as_of: Union[Optional[datetime], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Recall:
        _query = gql("""
            query Recall($query: String!, $k: Int!, $intent: RecallIntent, $asOf: DateTime, $readOnly: Boolean!) {
              recall(query: $query, k: $k, intent: $intent, asOf: $asOf, readOnly: $readOnly) {
                __typename
                ... on Recall {
                  query
                  intent
                  asOf
                  degraded
                  failedLegs {
                    leg
                    error
                  }
                  hits {
                    id
                    score
                    status
                    summary
                    supersededBy
                    memory {
                      ...MemoryFields
                    }
                  }
                  facts {
                    score
                    current
                    fact {
                      ...FactFields
                    }
                  }
                }
                ...InvalidInputFields
                ...RecallUnavailableFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment FactFields on Fact {
              id
              subject
              predicate
              object
              state
              validFrom
              validTo
              recordedAt
              invalidAt
              supersededBy
              category
              confidence
              eventTime
              sourceId
              writer
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment MemoryFields on Memory {
              id
              content
              summary
              entities
              category
              status
              pinned
              visibility
              createdAt
              receivedAt
              eventTime
              sourceSession
              supersededBy
              score
              metadata {
                key
                value
              }
            }

            fragment RecallUnavailableFields on RecallUnavailable {
              message
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {
            "query": query,
            "k": k,
            "intent": intent,
            "asOf": as_of,
            "readOnly": read_only,
        }
        response = await self.execute(
            query=_query, operation_name="Recall", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Recall.model_validate(data)

    async def context(
        self,
        query: str,
        budget: int,
        intent: Union[Optional[RecallIntent], UnsetType] = UNSET,
        as_of: Union[Optional[datetime], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Context:
        _query = gql("""
            query Context($query: String!, $budget: Int!, $intent: RecallIntent, $asOf: DateTime) {
              context(query: $query, budget: $budget, intent: $intent, asOf: $asOf) {
                __typename
                ... on Context {
                  query
                  intent
                  asOf
                  budget
                  text
                  tokens
                  tokenizer
                  order
                  items {
                    kind
                    id
                    text
                    tokens
                    position
                    sourceId
                    at
                    heading
                  }
                  dropped {
                    reason
                    item {
                      kind
                      id
                      text
                      tokens
                      position
                    }
                  }
                }
                ...InvalidInputFields
                ...RecallUnavailableFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment RecallUnavailableFields on RecallUnavailable {
              message
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {
            "query": query,
            "budget": budget,
            "intent": intent,
            "asOf": as_of,
        }
        response = await self.execute(
            query=_query, operation_name="Context", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Context.model_validate(data)

    async def entity(self, name: str, **kwargs: Any) -> Entity:
        query = gql("""
            query Entity($name: String!) {
              entity(name: $name) {
                __typename
                ... on Entity {
                  id
                  name
                  key
                  history {
                    ...FactFields
                  }
                }
                ...NotFoundFields
                ...InvalidInputFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment FactFields on Fact {
              id
              subject
              predicate
              object
              state
              validFrom
              validTo
              recordedAt
              invalidAt
              supersededBy
              category
              confidence
              eventTime
              sourceId
              writer
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment NotFoundFields on NotFound {
              message
              kind
              key
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {"name": name}
        response = await self.execute(
            query=query, operation_name="Entity", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Entity.model_validate(data)

    async def stats(self, **kwargs: Any) -> Stats:
        query = gql("""
            query Stats {
              stats {
                __typename
                ... on Stats {
                  memories
                  orphans
                  kappaMax
                  edges {
                    type
                    count
                  }
                }
                ...InvalidInputFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {}
        response = await self.execute(
            query=query, operation_name="Stats", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Stats.model_validate(data)

    async def projects(self, **kwargs: Any) -> Projects:
        query = gql("""
            query Projects {
              projects {
                __typename
                ... on ProjectList {
                  projects {
                    name
                    memories
                    edges
                  }
                }
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {}
        response = await self.execute(
            query=query, operation_name="Projects", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Projects.model_validate(data)

    async def store_memory(
        self,
        input: StoreMemoryInput,
        idempotency_key: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> StoreMemory:
        query = gql("""
            mutation StoreMemory($input: StoreMemoryInput!, $idempotencyKey: String) {
              storeMemory(input: $input, idempotencyKey: $idempotencyKey) {
                __typename
                ... on StoreSuccess {
                  memory {
                    ...MemoryFields
                  }
                  autoLinks {
                    ...EdgeFields
                  }
                  possibleConflicts {
                    memoryId
                    kind
                    similarity
                    detail
                  }
                  facts {
                    ...FactBatchFields
                  }
                }
                ...NotFoundFields
                ...InvalidInputFields
                ...ConflictFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ConflictFields on Conflict {
              message
              idempotencyKey
              retryable
            }

            fragment EdgeFields on MemoryEdge {
              source
              target
              type
              partition
              weight
              reason
              createdBy
              createdAt
            }

            fragment FactBatchFields on FactBatch {
              inserted
              superseded
              skipped
              softConflicts
              errors
              results {
                index
                outcome
                factId
                others
                field
                reason
              }
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment MemoryFields on Memory {
              id
              content
              summary
              entities
              category
              status
              pinned
              visibility
              createdAt
              receivedAt
              eventTime
              sourceSession
              supersededBy
              score
              metadata {
                key
                value
              }
            }

            fragment NotFoundFields on NotFound {
              message
              kind
              key
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {
            "input": input,
            "idempotencyKey": idempotency_key,
        }
        response = await self.execute(
            query=query, operation_name="StoreMemory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return StoreMemory.model_validate(data)

    async def store_memories(
        self,
        inputs: list[StoreMemoryInput],
        idempotency_key: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> StoreMemories:
        query = gql("""
            mutation StoreMemories($inputs: [StoreMemoryInput!]!, $idempotencyKey: String) {
              storeMemories(inputs: $inputs, idempotencyKey: $idempotencyKey) {
                __typename
                ... on StoreSuccess {
                  memory {
                    ...MemoryFields
                  }
                }
                ...NotFoundFields
                ...InvalidInputFields
                ...ConflictFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ConflictFields on Conflict {
              message
              idempotencyKey
              retryable
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment MemoryFields on Memory {
              id
              content
              summary
              entities
              category
              status
              pinned
              visibility
              createdAt
              receivedAt
              eventTime
              sourceSession
              supersededBy
              score
              metadata {
                key
                value
              }
            }

            fragment NotFoundFields on NotFound {
              message
              kind
              key
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {
            "inputs": inputs,
            "idempotencyKey": idempotency_key,
        }
        response = await self.execute(
            query=query, operation_name="StoreMemories", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return StoreMemories.model_validate(data)

    async def amend_memory(
        self,
        id: str,
        content: str,
        reason: Union[Optional[str], UnsetType] = UNSET,
        idempotency_key: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> AmendMemory:
        query = gql("""
            mutation AmendMemory($id: ID!, $content: String!, $reason: String, $idempotencyKey: String) {
              amendMemory(
                id: $id
                content: $content
                reason: $reason
                idempotencyKey: $idempotencyKey
              ) {
                __typename
                ... on StoreSuccess {
                  memory {
                    ...MemoryFields
                  }
                }
                ...NotFoundFields
                ...InvalidInputFields
                ...ConflictFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ConflictFields on Conflict {
              message
              idempotencyKey
              retryable
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment MemoryFields on Memory {
              id
              content
              summary
              entities
              category
              status
              pinned
              visibility
              createdAt
              receivedAt
              eventTime
              sourceSession
              supersededBy
              score
              metadata {
                key
                value
              }
            }

            fragment NotFoundFields on NotFound {
              message
              kind
              key
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {
            "id": id,
            "content": content,
            "reason": reason,
            "idempotencyKey": idempotency_key,
        }
        response = await self.execute(
            query=query, operation_name="AmendMemory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return AmendMemory.model_validate(data)

    async def link_memories(
        self,
        links: list[LinkInput],
        idempotency_key: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> LinkMemories:
        query = gql("""
            mutation LinkMemories($links: [LinkInput!]!, $idempotencyKey: String) {
              linkMemories(links: $links, idempotencyKey: $idempotencyKey) {
                __typename
                ... on LinkSuccess {
                  edges {
                    ...EdgeFields
                  }
                }
                ...NotFoundFields
                ...InvalidInputFields
                ...ConflictFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ConflictFields on Conflict {
              message
              idempotencyKey
              retryable
            }

            fragment EdgeFields on MemoryEdge {
              source
              target
              type
              partition
              weight
              reason
              createdBy
              createdAt
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment NotFoundFields on NotFound {
              message
              kind
              key
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {
            "links": links,
            "idempotencyKey": idempotency_key,
        }
        response = await self.execute(
            query=query, operation_name="LinkMemories", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return LinkMemories.model_validate(data)

    async def ingest_facts(
        self,
        facts: list[FactInput],
        idempotency_key: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> IngestFacts:
        query = gql("""
            mutation IngestFacts($facts: [FactInput!]!, $idempotencyKey: String) {
              ingestFacts(facts: $facts, idempotencyKey: $idempotencyKey) {
                __typename
                ...FactBatchFields
                ...InvalidInputFields
                ...ConflictFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ConflictFields on Conflict {
              message
              idempotencyKey
              retryable
            }

            fragment FactBatchFields on FactBatch {
              inserted
              superseded
              skipped
              softConflicts
              errors
              results {
                index
                outcome
                factId
                others
                field
                reason
              }
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {
            "facts": facts,
            "idempotencyKey": idempotency_key,
        }
        response = await self.execute(
            query=query, operation_name="IngestFacts", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return IngestFacts.model_validate(data)

    async def retract_fact(
        self, id: str, at: Union[Optional[datetime], UnsetType] = UNSET, **kwargs: Any
    ) -> RetractFact:
        query = gql("""
            mutation RetractFact($id: ID!, $at: DateTime) {
              retractFact(id: $id, at: $at) {
                __typename
                ...FactFields
                ...NotFoundFields
                ...InvalidInputFields
                ...ConflictFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ConflictFields on Conflict {
              message
              idempotencyKey
              retryable
            }

            fragment FactFields on Fact {
              id
              subject
              predicate
              object
              state
              validFrom
              validTo
              recordedAt
              invalidAt
              supersededBy
              category
              confidence
              eventTime
              sourceId
              writer
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment NotFoundFields on NotFound {
              message
              kind
              key
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {"id": id, "at": at}
        response = await self.execute(
            query=query, operation_name="RetractFact", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return RetractFact.model_validate(data)

    async def delete_memories(self, ids: list[str], **kwargs: Any) -> DeleteMemories:
        query = gql("""
            mutation DeleteMemories($ids: [ID!]!) {
              deleteMemories(ids: $ids) {
                __typename
                ... on DeleteReport {
                  deleted
                  missing
                  newOrphans
                  tombstones
                  retractedFacts
                }
                ...InvalidInputFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {"ids": ids}
        response = await self.execute(
            query=query, operation_name="DeleteMemories", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return DeleteMemories.model_validate(data)

    async def import_records(self, ndjson: str, **kwargs: Any) -> ImportRecords:
        query = gql("""
            mutation ImportRecords($ndjson: String!) {
              importRecords(ndjson: $ndjson) {
                __typename
                ... on ImportReport {
                  mode
                  imported {
                    kind
                    count
                  }
                  skipped {
                    kind
                    count
                  }
                  rejected {
                    line
                    kind
                    reason
                  }
                }
                ...InvalidInputFields
                ...ForbiddenFields
                ...UnauthenticatedFields
              }
            }

            fragment ForbiddenFields on Forbidden {
              message
              permission
            }

            fragment InvalidInputFields on InvalidInput {
              message
              field
            }

            fragment UnauthenticatedFields on Unauthenticated {
              message
            }
            """)
        variables: dict[str, object] = {"ndjson": ndjson}
        response = await self.execute(
            query=query, operation_name="ImportRecords", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ImportRecords.model_validate(data)
