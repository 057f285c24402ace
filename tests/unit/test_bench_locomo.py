"""bench/locomo.py's session level: a LoCoMo turn's session is the `D<n>` of its dia_id, the
ranked turns collapse to sessions in order of first appearance, and the gold sessions are the
evidence's."""

from __future__ import annotations

from bench.harness.locomo_data import Question
from bench.locomo import dia_session, field_score


def question(qid: int, category: str, evidence: tuple[str, ...]) -> Question:
    return Question(qid, "conv-1", "?", category, evidence, "x")


def test_session_level_collapses_dia_ids_to_their_sessions() -> None:
    assert dia_session("D12:3") == "D12"
    questions = [question(0, "multi-hop", ("D2:1", "D3:4")), question(1, "temporal", ("D1:1",))]
    ranked = {0: ["D2:5", "D2:1", "D1:1", "D3:4"], 1: ["D2:1", "D1:7"]}
    figures = field_score(questions, ranked)
    multi = figures["session"]["categories"]["multi-hop"]
    # Sessions D2, D1, D3: both gold sessions in the top 3, one in the top 1.
    assert multi["recall@5"] == 1.0 and multi["recall_all@5"] == 1.0 and multi["mrr"] == 1.0
    # Turns: D2:1 second, D3:4 fourth.
    assert figures["turn"]["categories"]["multi-hop"]["mrr"] == 0.5
    # Question 1: D1 is the second session (D1:7, not the evidence turn, brings it there).
    temporal = figures["session"]["categories"]["temporal"]
    assert temporal["mrr"] == 0.5 and figures["turn"]["categories"]["temporal"]["mrr"] == 0.0
    assert figures["session"]["overall"]["questions"] == 2
