"""The base class of the generated sync client (ariadne-codegen copies this file into
retentia_client/_generated/): one POST per operation over an `httpx.Client` that already
carries the API key and project headers; the answer's `data`, or the client's error for it."""

from typing import Any

import httpx
from pydantic import BaseModel as PydanticBaseModel
from pydantic_core import to_jsonable_python

from .._responses import graphql_data
from ..errors import RetentiaConnectionError
from .base_model import UNSET


class SyncBaseClient:
    def __init__(self, url: str, http_client: httpx.Client) -> None:
        self.url = url
        self.http_client = http_client

    def execute(
        self,
        query: str,
        operation_name: str | None = None,
        variables: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> httpx.Response:
        payload = {
            "query": query,
            "operationName": operation_name,
            "variables": _serializable(variables or {}),
        }
        try:
            return self.http_client.post(self.url, json=to_jsonable_python(payload), **kwargs)
        except httpx.TransportError as e:
            raise RetentiaConnectionError(f"{operation_name}: {e!r}") from e

    def get_data(self, response: httpx.Response) -> dict[str, Any]:
        return graphql_data(response)


def _serializable(variables: dict[str, Any]) -> dict[str, Any]:
    return {k: _value(v) for k, v in variables.items() if v is not UNSET}


def _value(value: Any) -> Any:
    if isinstance(value, PydanticBaseModel):
        return value.model_dump(by_alias=True, exclude_unset=True)
    if isinstance(value, list):
        return [_value(item) for item in value]
    return value
