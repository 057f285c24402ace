"""BM25 over index postings: rare terms outweigh common ones, shorter documents win ties, and
stopwords never reach the index."""

from __future__ import annotations

from graph_backends._common import bm25


def test_a_rare_term_outweighs_a_common_one() -> None:
    postings = {
        "apple": bm25.Postings(90, [(f"a{i}", 20) for i in range(90)]),
        "durian": bm25.Postings(2, [("d1", 20), ("a3", 20)]),
    }
    ranked = bm25.rank(postings, documents=100, k=5)
    assert [doc for doc, _ in ranked[:2]] == ["a3", "d1"]  # both terms, then the rare one
    assert ranked[1][1] > ranked[2][1] * 3


def test_shorter_documents_rank_first_among_equals() -> None:
    postings = {"tea": bm25.Postings(3, [("long", 300), ("short", 30), ("mid", 100)])}
    assert [doc for doc, _ in bm25.rank(postings, documents=50, k=3)] == ["short", "mid", "long"]


def test_idf_is_never_negative() -> None:
    assert bm25.idf(10, 10) > 0
    assert bm25.idf(10, 1) > bm25.idf(10, 5)


def test_query_terms_drop_stopwords_unless_nothing_is_left() -> None:
    assert bm25.query_terms("When did Caroline go to the LGBTQ support group?") == [
        "caroline",
        "go",
        "lgbtq",
        "support",
        "group",
    ]
    assert bm25.query_terms("who did what") == ["who", "did", "what"]
    assert bm25.query_terms("-- !!") == []


def test_no_postings_rank_nothing() -> None:
    assert bm25.rank({}, documents=10, k=5) == []


def test_common_terms_are_remembered_per_tenant_for_a_while() -> None:
    now = [100.0]
    common = bm25.CommonTerms(ttl_s=60.0, max_entries=3, clock=lambda: now[0])
    common.remember("t1", ["the", "said"])
    assert common.known("t1", ["the", "said", "durian"]) == {"the", "said"}
    assert common.known("t2", ["the"]) == set()
    now[0] += 61.0
    assert common.known("t1", ["the"]) == set()
    common.remember("t1", ["a", "b"])
    common.remember("t1", ["c", "d"])  # over the bound: forgets the rest, keeps these
    assert common.known("t1", ["a", "c", "d"]) == {"c", "d"}


def test_an_erase_forgets_the_tenants_common_terms_only() -> None:
    common = bm25.CommonTerms()
    common.remember("t1", ["zoe", "smith"])
    common.remember("t2", ["zoe"])
    common.forget("t1")
    assert common.known("t1", ["zoe", "smith"]) == set()
    assert common.known("t2", ["zoe"]) == {"zoe"}
