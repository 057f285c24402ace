"""The FalkorDB wire helpers write the parameter header the falkordb client writes and read
the compact reply as its parser does, for every type Retentia's queries use; anything else is
left to the client."""

from __future__ import annotations

import pytest
from falkordb.helpers import stringify_param_value
from redis.exceptions import ResponseError

from graph_backends.falkordb import wire

VALUES: list[object] = [
    "plain",
    "",
    'quote " and backslash \\ and newline \n and tab \t',
    "emoji 🎉 and CJK 记忆",
    None,
    0,
    -12345678901234,
    0.1,
    1e-300,
    -2.5e17,
    [0.1, -0.2, 1e-7, 3.0],
    ["a", 'b"', "c\\"],
    [1, "two", None, [3.5, ["x"]]],
    [1782345600123456, -1, 0],
    [],
    {"id": "abc", "props": {"status": "dormant", "summary": None, "weird key: ä": 1.5}},
    ({"id": "x"}, {"id": "y"}),
]


@pytest.mark.parametrize("value", VALUES, ids=range(len(VALUES)))
def test_literals_are_the_clients(value: object) -> None:
    assert wire.literal(value) == stringify_param_value(value)


def test_booleans_and_keys() -> None:
    assert wire.literal([True, False]) == "[true,false]"
    assert wire.literal([True, 1]) == "[true,1]"  # a boolean is not written as an integer
    assert wire.query_text("RETURN $a", {"a": 1, "b c": "x"}) == 'CYPHER `a`=1 `b c`="x" RETURN $a'
    assert wire.query_text("RETURN 1", {}) == "RETURN 1"
    for bad in ("", "back`tick"):
        with pytest.raises(ValueError, match="cannot be empty or hold"):
            wire.query_text("RETURN 1", {bad: 1})


def test_compact_replies_are_read() -> None:
    header = [[1, "id"], [1, "n"], [1, "m"], [1, "xs"], [1, "ok"], [1, "v"], [1, "none"]]
    record = [
        [2, "a"],
        [3, 7],
        [10, ["k", [5, "2.5"], "nested", [6, [[2, "z"], [1, None]]]]],
        [6, [[3, 1], [5, "0.5"], [2, "s"], [6, [[3, 2]]]]],
        [4, "true"],
        [12, ["0.25", "1"]],
        [1, None],
    ]
    stats = ["Cached execution: 1", "Query internal execution time: 0.1 milliseconds"]
    assert wire.rows([header, [record], stats]) == [
        {
            "id": "a",
            "n": 7,
            "m": {"k": 2.5, "nested": ["z", None]},
            "xs": [1, 0.5, "s", [2]],
            "ok": True,
            "v": [0.25, 1.0],
            "none": None,
        }
    ]
    assert wire.rows([stats]) == []  # a write without RETURN
    # Strings as the connection sends them (bytes), in a list and alone, read as str.
    ids = [[2, b"m-1"], [2, "m-2"], [3, 4], [2, b"\xc3\xa9"]]
    assert wire.rows([header[:2], [[[6, ids], [2, b"x"]]], stats]) == [
        {"id": ["m-1", "m-2", 4, "\u00e9"], "n": "x"}
    ]
    assert wire.rows([header[:1], [], stats]) == []


def test_other_types_are_left_to_the_client_and_errors_raised() -> None:
    node = [8, [1, [0], [[0, 2, "x"]]]]
    assert wire.rows([[[1, "n"]], [[node]], []]) is None
    with pytest.raises(ResponseError, match="boom"):
        wire.rows([ResponseError("boom")])
    with pytest.raises(ResponseError, match="late"):
        wire.rows([[[1, "a"]], [], ResponseError("late")])


def test_float32_vectors_are_written_exactly_in_nine_digits() -> None:
    import random
    import struct

    rng = random.Random(7)
    values = [rng.gauss(0, 0.1) for _ in range(384)] + [1e-38, -3.4e38, 0.0, 1.0, -1e-7]
    # What FalkorDB's vecf32() keeps of each: the nearest float32.
    as_f32 = [struct.unpack("f", struct.pack("f", v))[0] for v in values]
    text = wire.literal(wire.float32s(values))
    parsed = [float(x) for x in text[1:-1].split(",")]
    assert [struct.unpack("f", struct.pack("f", v))[0] for v in parsed] == as_f32
    mantissas = [x.lstrip("-").split("e")[0] for x in text[1:-1].split(",")]
    assert max(len(m.replace(".", "").lstrip("0")) for m in mantissas) <= 9
    assert wire.literal(wire.float32s([])) == "[]"


def test_a_vector_is_written_once_and_sent_as_its_literal() -> None:
    vector = tuple(i / 384 for i in range(384))
    first = wire.float32s(vector)
    assert wire.float32s(list(vector)) is first  # the same vector, as a list: not written again
    assert wire.literal(first) is first  # not quoted as a string would be
    assert wire.literal({"v": first}) == "{`v`:" + first + "}"
    assert wire.query_text("RETURN $v", {"v": first}) == f"CYPHER `v`={first} RETURN $v"
    other = wire.float32s((*vector[:-1], 0.5))
    assert other is not first and other.endswith(",0.5]")
    assert wire.literal("[1,2]") == '"[1,2]"'  # a plain string stays a string
