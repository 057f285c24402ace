"""The local sentence-transformers model run by ONNX Runtime instead of torch.

On this kind of machine one MiniLM query costs ~8 ms of CPU through torch (the tensor library's
per-operation overhead dominates a 10-token input) and ~3.4 ms through ONNX Runtime, with the
same vectors (cosine ≥ 0.99999 against torch; `tests/integration/test_local_embedder.py`).
With `int8` the exported model's weights are quantised to int8, one scale per output channel
(ONNX Runtime's dynamic quantisation, activations quantised at run time): ~0.9 ms per query,
vectors within cosine ~0.98–0.995 of torch's, the same LoCoMo recall (docs/adr/0012).
The model's transformer is exported once with torch's own exporter to a cache directory (keyed
by the model files' sizes and times), quantised from there once, each file written atomically
(concurrent processes at most build it twice), and every load checks the model against torch on
probe texts: a model this module cannot reproduce — another pooling, another architecture —
keeps running on torch.

Only the transformer runs in ONNX Runtime; tokenising, mean pooling and normalising stay here,
as sentence-transformers does them (texts sorted by length, padded per mini-batch; the int8
model embeds each text alone).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, Literal

import numpy as np

log = logging.getLogger(__name__)

#: Texts an exported model must embed as torch does before it replaces torch.
PROBES: Final = (
    "hello",
    "When did Caroline go to the LGBTQ support group?",
    "Melanie painted a sunrise over the lake last summer, and she plans to paint more. " * 6,
    "  Leading and trailing spaces, UPPER case, émigré, 记忆, 🎉  ",
)
#: Least cosine between an exported model's vector and torch's for a probe.
MIN_AGREEMENT: Final = 0.9999
#: The same for the int8 model: all-MiniLM-L6-v2's least is 0.983 (on "hello"); the bound
#: catches a broken quantisation, not the drift quantising is.
MIN_AGREEMENT_INT8: Final = 0.97
_INPUTS: Final = ("input_ids", "attention_mask", "token_type_ids")


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "retentia" / "onnx"


def _fingerprint(model_dir: Path) -> str:
    """Cheap identity of a model directory: its files' names, sizes and modification times."""
    digest = hashlib.sha256()
    for path in sorted(p for p in model_dir.rglob("*") if p.is_file()):
        stat = path.stat()
        digest.update(
            f"{path.relative_to(model_dir)}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode()
        )
    return digest.hexdigest()[:16]


def _mean_pooled(model: Any) -> bool:
    """Whether the model is exactly transformer → mean pooling (→ normalise)."""
    modules = list(model)
    kinds = [type(m).__name__ for m in modules]
    if kinds not in (["Transformer", "Pooling"], ["Transformer", "Pooling", "Normalize"]):
        return False
    config = modules[1].get_config_dict()
    modes = {k for k, v in config.items() if k.startswith("pooling_mode") and v is True}
    return modes == {"pooling_mode_mean_tokens"} or config.get("pooling_mode") == "mean"


def _export(model: Any, target: Path) -> None:
    """The model's transformer as ONNX (dynamic batch and length), written to `target`."""
    import torch

    transformer = model[0].auto_model.eval()
    names = [n for n in _INPUTS if n in model.tokenizer.model_input_names]

    class _Hidden(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.inner = transformer

        def forward(self, *inputs: Any) -> Any:
            return self.inner(**dict(zip(names, inputs, strict=True))).last_hidden_state

    sample = model.tokenizer(["an example input"], return_tensors="pt")
    with warnings.catch_warnings(), torch.inference_mode():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            _Hidden(),
            tuple(sample[n] for n in names),
            str(target),
            input_names=names,
            output_names=["last_hidden_state"],
            dynamic_axes={n: {0: "batch", 1: "tokens"} for n in [*names, "last_hidden_state"]},
            opset_version=17,
            dynamo=False,
        )


def embedding_dimension(model: Any) -> int:
    """A sentence-transformers model's vector size (version 6 renamed the accessor; both
    spellings work)."""
    dimension = getattr(model, "get_embedding_dimension", None) or (
        model.get_sentence_embedding_dimension
    )
    return int(dimension())


class OnnxEncoder:
    """`encode()` as sentence-transformers has it, for a mean-pooled model (or, with
    `pooling="cls"`, one that takes its first token's state, as bge does), on ONNX Runtime."""

    def __init__(
        self,
        tokenizer: Callable[..., Any],
        session: Any,
        *,
        max_tokens: int,
        normalise: bool,
        dimension: int,
        threads: int,
        int8: bool = False,
        pooling: Literal["mean", "cls"] = "mean",
    ) -> None:
        self._tokenizer = tokenizer
        self._session = session
        self._names = [i.name for i in session.get_inputs()]
        self._max_tokens = max_tokens
        self._normalise = normalise
        self._dimension = dimension
        self.threads = threads
        #: Whether the weights are int8 (not torch's vectors, though close to them).
        self.int8 = int8
        self._pooling = pooling

    @classmethod
    def of_model(cls, model: Any, session: Any, *, threads: int, int8: bool = False) -> OnnxEncoder:
        """The encoder of a loaded sentence-transformers model (its tokenizer, torch loaded)."""
        return cls(
            model.tokenizer,
            session,
            max_tokens=int(model.max_seq_length),
            normalise=type(list(model)[-1]).__name__ == "Normalize",
            dimension=embedding_dimension(model),
            threads=threads,
            int8=int8,
        )

    def get_embedding_dimension(self) -> int:
        return self._dimension

    def _batch(self, texts: Sequence[str]) -> Any:
        tokens = self._tokenizer(
            [t.strip() for t in texts],
            padding=True,
            truncation="longest_first",
            max_length=self._max_tokens,
            return_tensors="np",
        )
        feed = {n: np.asarray(tokens[n], dtype=np.int64) for n in self._names}
        (hidden,) = self._session.run(["last_hidden_state"], feed)
        if self._pooling == "cls":
            return hidden[:, 0]
        mask = feed["attention_mask"][..., None].astype(hidden.dtype)
        pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        return pooled

    def encode(
        self,
        texts: Sequence[str],
        *,
        batch_size: int = 32,
        normalize_embeddings: bool = False,
        show_progress_bar: bool = False,
    ) -> Any:
        del show_progress_bar  # no progress bar: a pass is short
        if self.int8:
            # Dynamic quantisation scales each call's activations by their range, padding
            # and batch-mates included: batched, a text's vector moved with its neighbours
            # (cosine 0.976–0.998 to itself alone). Alone it is a function of the text, and
            # on LoCoMo turns no slower (2.2 ms a text against 3.8 in mini-batches of 16).
            batch_size = 1
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self._dimension), dtype=np.float32)
        for start in range(0, len(order), batch_size):
            chosen = order[start : start + batch_size]
            out[chosen] = self._batch([texts[i] for i in chosen])
        if normalize_embeddings or self._normalise:
            out /= np.clip(np.linalg.norm(out, axis=1, keepdims=True), 1e-12, None)
        return out


def agreement(encoder: OnnxEncoder, model: Any, texts: Sequence[str] = PROBES) -> float:
    """Least cosine between the encoder's and torch's vectors of `texts`."""
    ours = encoder.encode(texts, normalize_embeddings=True)
    theirs = model.encode(list(texts), normalize_embeddings=True, show_progress_bar=False)
    return float(np.min(np.sum(ours * theirs, axis=1)))


def _atomically(target: Path, write: Callable[[Path], None]) -> None:
    """`write(path)` to a temporary file beside `target`, then renamed to it: concurrent
    processes at most write twice, and nobody loads half a file."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".onnx.tmp")
    os.close(fd)
    try:
        write(Path(tmp))
        os.replace(tmp, target)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _quantize(source: Path, target: Path) -> None:
    """`source` with its weights in int8, one scale per output channel (activations are
    quantised at run time): per-tensor scales drift to cosine 0.968 from torch, per-channel
    ones stay ≥ 0.98."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quiet = _QuantiserChatter()
    logging.getLogger().addFilter(quiet)  # the quantiser logs on the root logger
    try:
        quantize_dynamic(source, target, per_channel=True, weight_type=QuantType.QInt8)
    finally:
        logging.getLogger().removeFilter(quiet)


class _QuantiserChatter(logging.Filter):
    """The quantiser logs a line at INFO for every tensor it leaves alone (~40 for this model,
    a screenful on a first start) and advises a pre-processing step we do not need: the first
    go to DEBUG, the advice nowhere; its warnings and errors stay as they are."""

    def filter(self, record: logging.LogRecord) -> bool:
        if "pre-processing before quantization" in record.getMessage():
            return False
        if record.levelno > logging.INFO:
            return True
        record.levelno, record.levelname = logging.DEBUG, logging.getLevelName(logging.DEBUG)
        return logging.getLogger().isEnabledFor(logging.DEBUG)


def _session(target: Path, build: Callable[[Path], None], options: Any) -> Any:
    """An ONNX Runtime session of the cached file `target`, built first where it is missing or
    does not load (a damaged cache)."""
    import onnxruntime

    def load() -> Any:
        return onnxruntime.InferenceSession(
            str(target), options, providers=["CPUExecutionProvider"]
        )

    if target.exists():
        try:
            return load()
        except Exception as e:  # not a model: build it again
            log.warning("building the local embedder again: %s does not load: %s", target, e)
            target.unlink(missing_ok=True)
    log.info("building the local embedder's ONNX model: %s", target)
    _atomically(target, build)
    return load()


def onnx_encoder(
    model: Any,
    model_dir: Path,
    *,
    threads: int,
    int8: bool = False,
    cache_dir: Path | None = None,
) -> OnnxEncoder | None:
    """The model on ONNX Runtime — its weights in int8 with `int8` — or None (and why, in the
    log) where it keeps running on torch: onnxruntime or onnx not installed, a model this module
    cannot reproduce, an export or quantisation that fails or disagrees with torch (cosine below
    `MIN_AGREEMENT`, or `MIN_AGREEMENT_INT8` for int8)."""
    if not _mean_pooled(model):
        log.warning("local embedder on torch: %s is not a mean-pooled model", model_dir)
        return None
    try:
        import onnxruntime
    except ImportError:
        log.warning("local embedder on torch: onnxruntime is not installed")
        return None
    name = f"{model_dir.name}-{_fingerprint(model_dir)}.onnx"
    exported = (cache_dir or default_cache_dir()) / name
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    least = MIN_AGREEMENT_INT8 if int8 else MIN_AGREEMENT
    try:
        loaded = _session(exported, lambda path: _export(model, path), options)
        if int8:
            quantized = exported.with_name(f"{exported.stem}-int8.onnx")
            loaded = _session(quantized, lambda path: _quantize(exported, path), options)
        encoder = OnnxEncoder.of_model(model, loaded, threads=threads, int8=int8)
        agreed = agreement(encoder, model)
    except Exception as e:  # any failure keeps the model on torch, which works
        log.warning("local embedder on torch: the ONNX export failed: %s", e)
        return None
    if agreed < least:
        log.warning(
            "local embedder on torch: the ONNX %s model agrees with torch only to cosine %.6f",
            "int8" if int8 else "fp32",
            agreed,
        )
        return None
    return encoder


# Built once, served without torch (docs/adr/0023). `retentia embedder build` (at image build
# time in the container image) exports the model, checks it against torch and writes a
# manifest beside the ONNX file with torch's vectors of the probes; a later start loads the
# ONNX file with the model's own fast tokenizer (`tokenizers`, no torch) and checks its probe
# vectors against the manifest's instead of against torch (~12 s of import saved, ~1 GB less).


def _exported_path(model_dir: Path, cache_dir: Path | None, int8: bool) -> Path:
    exported = (cache_dir or default_cache_dir()) / f"{model_dir.name}-{_fingerprint(model_dir)}"
    return exported.with_name(f"{exported.name}-int8.onnx" if int8 else f"{exported.name}.onnx")


def manifest_path(model_dir: Path, *, int8: bool, cache_dir: Path | None = None) -> Path:
    """Where the manifest of the model's ONNX build is (beside the ONNX file)."""
    return _exported_path(model_dir, cache_dir, int8).with_suffix(".json")


def write_manifest(
    encoder: OnnxEncoder, model: Any, model_dir: Path, *, cache_dir: Path | None = None
) -> Path:
    """The manifest of a checked ONNX build: what a start needs to serve it without torch."""
    target = manifest_path(model_dir, int8=encoder.int8, cache_dir=cache_dir)
    vectors = model.encode(list(PROBES), normalize_embeddings=True, show_progress_bar=False)
    manifest = {
        "model": _exported_path(model_dir, cache_dir, encoder.int8).name,
        "int8": encoder.int8,
        "max_tokens": int(model.max_seq_length),
        "normalise": type(list(model)[-1]).__name__ == "Normalize",
        "dimension": embedding_dimension(model),
        "agreement": agreement(encoder, model),
        "probes": list(PROBES),
        "torch_vectors": [[float(x) for x in v] for v in vectors],
    }

    def write(path: Path) -> None:
        path.write_text(json.dumps(manifest))

    _atomically(target, write)
    return target


class _FastTokenizer:
    """The model's `tokenizer.json` through `tokenizers`, called as transformers' tokenizer is
    by `OnnxEncoder` (padded to the batch's longest, truncated, NumPy arrays)."""

    def __init__(self, path: Path) -> None:
        from tokenizers import Tokenizer

        self._tokenizer = Tokenizer.from_file(str(path))
        self._tokenizer.no_padding()
        self._tokenizer.no_truncation()

    def __call__(self, texts: list[str], *, max_length: int, **_: Any) -> dict[str, Any]:
        self._tokenizer.enable_truncation(max_length)
        self._tokenizer.enable_padding()
        encoded = self._tokenizer.encode_batch(texts)
        return {
            "input_ids": np.array([e.ids for e in encoded], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in encoded], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in encoded], dtype=np.int64),
        }


def prebuilt_encoder(
    model_dir: Path, *, threads: int, int8: bool, cache_dir: Path | None = None
) -> OnnxEncoder | None:
    """The model's checked ONNX build, loaded without torch, or None (and why, in the log)
    where there is none, it does not load, or its probe vectors are not the manifest's."""
    manifest_file = manifest_path(model_dir, int8=int8, cache_dir=cache_dir)
    if not manifest_file.exists():
        log.info("no prebuilt ONNX embedder at %s (run: retentia embedder build)", manifest_file)
        return None
    try:
        import onnxruntime

        manifest = json.loads(manifest_file.read_text())
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        session = onnxruntime.InferenceSession(
            str(manifest_file.with_name(manifest["model"])),
            options,
            providers=["CPUExecutionProvider"],
        )
        encoder = OnnxEncoder(
            _FastTokenizer(model_dir / "tokenizer.json"),
            session,
            max_tokens=int(manifest["max_tokens"]),
            normalise=bool(manifest["normalise"]),
            dimension=int(manifest["dimension"]),
            threads=threads,
            int8=int8,
        )
        ours = encoder.encode(manifest["probes"], normalize_embeddings=True)
        theirs = np.asarray(manifest["torch_vectors"], dtype=np.float32)
        agreed = float(np.min(np.sum(ours * theirs, axis=1)))
    except Exception as e:  # a damaged build: the caller builds it again with torch
        log.warning("the prebuilt ONNX embedder at %s does not load: %s", manifest_file, e)
        return None
    if agreed < (MIN_AGREEMENT_INT8 if int8 else MIN_AGREEMENT):
        log.warning("the prebuilt ONNX embedder agrees with torch only to cosine %.6f", agreed)
        return None
    return encoder


def fetched_encoder(
    model_dir: Path, *, threads: int, max_tokens: int, pooling: Literal["mean", "cls"]
) -> OnnxEncoder:
    """A model fetched as an int8 ONNX file and its `tokenizer.json` (`model.onnx` and
    `tokenizer.json` in `model_dir`, `service.adapters.fetched_models`): no torch to check it
    against, the pinned checksums stand for that check."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    session = onnxruntime.InferenceSession(
        str(model_dir / "model.onnx"), options, providers=["CPUExecutionProvider"]
    )
    (output,) = session.get_outputs()
    return OnnxEncoder(
        _FastTokenizer(model_dir / "tokenizer.json"),
        session,
        max_tokens=max_tokens,
        normalise=True,
        dimension=int(output.shape[-1]),
        threads=threads,
        int8=True,
        pooling=pooling,
    )
