"""A start-up prints a short account of itself and nothing else: even the first start, which
builds the local embedder's ONNX models (the int8 quantiser logs a line for every tensor it
leaves alone, ~40 of them), fits on a screen without a quantisation line in it."""

from __future__ import annotations

from pathlib import Path

from tests.integration.service_process import ServiceProcess

#: A healthy first start in development mode prints 16 lines (stdout and stderr together): the
#: banner and its development-mode box (5), uvicorn's four, the model load, the two ONNX builds,
#: the embedder, the backend, the development-mode warning and "ready".
MAX_STARTUP_LINES = 20


def test_a_first_start_prints_no_screenful_of_quantisation_lines(tmp_path: Path) -> None:
    service = ServiceProcess(tmp_path / "data", env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    with service.running(timeout=300):
        lines = service.log.read_text().splitlines()
    started = next(i for i, line in enumerate(lines) if "Uvicorn running on" in line)
    startup = lines[: started + 1]
    builds = [line for line in startup if "building the local embedder's ONNX model" in line]
    assert len(builds) == 2, "\n".join(startup)  # fp32 export and int8 quantisation did run
    chatter = [line for line in startup if "Quantization" in line or "Ignore MatMul" in line]
    assert chatter == [], "\n".join(chatter)
    assert len(startup) <= MAX_STARTUP_LINES, "\n".join(startup)
