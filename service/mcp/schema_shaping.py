"""The tools' input schemas in the shape MCP clients (and papez) use: definitions inlined,
titles and null defaults dropped, optional arguments as their plain type."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema


class _PlainSchema(GenerateJsonSchema):
    """Optional arguments as their plain type (papez's schemas carry no `null` branches)."""

    def nullable_schema(self, schema: core_schema.NullableSchema) -> JsonSchemaValue:
        return self.generate_inner(schema["schema"])


def input_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON Schema with definitions inlined and titles and null defaults dropped,
    the shape MCP clients (and papez) use."""
    raw = model.model_json_schema(schema_generator=_PlainSchema)
    definitions = raw.pop("$defs", {})

    def clean(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return clean(definitions[node["$ref"].rsplit("/", 1)[-1]])
            return {
                k: clean(v)
                for k, v in node.items()
                if k != "title" and not (k == "default" and v is None)
            }
        if isinstance(node, list):
            return [clean(v) for v in node]
        return node

    cleaned: dict[str, Any] = clean(raw)
    cleaned.setdefault("properties", {})
    return cleaned
