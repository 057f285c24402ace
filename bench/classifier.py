"""Agreement of the deterministic category classifier (nearest prototype centroid with the
real MiniLM embedder) with hand labels, on a sample written for it (none of the sentences is a
prototype).

    python -m bench.classifier [--out DIR] [--stem NAME]

Writes `<out>/<stem>.json` and `<out>/<stem>.md` (stem `classifier`): overall agreement,
per-category precision/recall, the confusion pairs, and every disagreement. The embedder is the
configured one (`RETENTIA_LOCAL_MODEL=bge-small-en-v1.5 … --stem classifier-bge` for bge); the
thresholds are the classifier's, whatever the embedder (see the bge report for why).
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections import Counter
from pathlib import Path
from typing import Final

from bench.harness.options import add_out
from bench.harness.reports import md_table
from bench.harness.run import log, run_stamp
from schema import Category
from service.adapters.classifier import (
    FULL_MARGIN,
    MIN_MARGIN,
    MIN_SIMILARITY,
    PrototypeClassifier,
)
from service.adapters.embedding import load_embedder
from service.settings import Settings

C = Category
SAMPLE: Final[list[tuple[str, Category]]] = [
    (
        "Honestly, I've always thought of myself as a night owl and a loner.",
        C.IDENTITY_SELF_CONCEPT,
    ),
    ("Being a mother is a big part of who I am.", C.IDENTITY_SELF_CONCEPT),
    ("I'm a very competitive person by nature.", C.IDENTITY_SELF_CONCEPT),
    ("As a Buddhist, compassion guides my choices.", C.IDENTITY_SELF_CONCEPT),
    ("I'm proud to be the first in my family to go to university.", C.IDENTITY_SELF_CONCEPT),
    ("My grandma and I bake together every Sunday.", C.RELATIONAL_BONDS),
    ("Tom and I have been dating for three years now.", C.RELATIONAL_BONDS),
    ("I had a big fight with my brother but we made up.", C.RELATIONAL_BONDS),
    ("My friends threw me a surprise party, I love them.", C.RELATIONAL_BONDS),
    ("We're getting married next spring!", C.RELATIONAL_BONDS),
    ("I just finished a book about the Roman empire, fascinating.", C.INTELLECTUAL_INTERESTS),
    ("Neuroscience podcasts are my new obsession.", C.INTELLECTUAL_INTERESTS),
    ("I'm taking an online course on astronomy.", C.INTELLECTUAL_INTERESTS),
    ("I love debating ethics with my professor.", C.INTELLECTUAL_INTERESTS),
    (
        "Linguistics, especially how children learn language, intrigues me.",
        C.INTELLECTUAL_INTERESTS,
    ),
    ("I've had a sore throat and fever since Monday.", C.HEALTH_WELLBEING),
    ("My therapist suggested journaling for my depression.", C.HEALTH_WELLBEING),
    ("I'm allergic to peanuts and carry an EpiPen.", C.HEALTH_WELLBEING),
    ("After the knee operation I walk with crutches.", C.HEALTH_WELLBEING),
    ("I've been sleeping badly and feel exhausted.", C.HEALTH_WELLBEING),
    ("Our team shipped version 2 of the app yesterday.", C.PROJECTS_ENDEAVORS),
    ("I'm renovating the kitchen; the cabinets are installed.", C.PROJECTS_ENDEAVORS),
    ("The research paper is under review; I'm drafting the rebuttal.", C.PROJECTS_ENDEAVORS),
    ("I started a nonprofit to help refugees find jobs.", C.PROJECTS_ENDEAVORS),
    ("The website redesign is paused until the client replies.", C.PROJECTS_ENDEAVORS),
    ("We went kayaking on the lake this morning.", C.HOBBIES_RECREATION),
    ("I've been knitting a scarf while watching movies.", C.HOBBIES_RECREATION),
    ("Saturday was all about pottery class.", C.HOBBIES_RECREATION),
    ("I play football with my mates every Thursday night.", C.HOBBIES_RECREATION),
    ("I took up birdwatching and spotted a heron.", C.HOBBIES_RECREATION),
    ("I can't stand the cold, I'd rather live somewhere warm.", C.PREFERENCES_HABITS),
    ("I usually meditate for ten minutes after waking up.", C.PREFERENCES_HABITS),
    ("Window seat, please; I never sit in the aisle.", C.PREFERENCES_HABITS),
    ("I'm vegetarian and avoid dairy too.", C.PREFERENCES_HABITS),
    ("I like my coffee black with no sugar.", C.PREFERENCES_HABITS),
    ("My rent went up to $1,850 this year.", C.FINANCIAL_MATERIAL),
    ("I paid off my student loans last month.", C.FINANCIAL_MATERIAL),
    ("Our mortgage rate is 4.2 percent.", C.FINANCIAL_MATERIAL),
    ("I invested 5,000 dollars in index funds.", C.FINANCIAL_MATERIAL),
    ("I sold my old bike for 300 euros.", C.FINANCIAL_MATERIAL),
    ("I must renew my passport before March 3.", C.OBLIGATIONS),
    ("The landlord needs the signed lease back by Monday.", C.OBLIGATIONS),
    ("Remember to call the plumber tomorrow morning.", C.OBLIGATIONS),
    ("My visa interview is on the 12th at 9 am.", C.OBLIGATIONS),
    ("I have jury duty next week.", C.OBLIGATIONS),
    ("I'm on the bus to the office, arriving in ten minutes.", C.LOGISTICAL_CONTEXT),
    ("The hotel check-in is at 3 pm, room 512.", C.LOGISTICAL_CONTEXT),
    ("Parking is on level B2 today.", C.LOGISTICAL_CONTEXT),
    ("My flight got delayed to 9:40 pm.", C.LOGISTICAL_CONTEXT),
    ("I'm sitting in the café across from the station.", C.LOGISTICAL_CONTEXT),
    ("Did you see the weather today? Crazy.", C.OTHER),
    ("Haha, that's hilarious.", C.OTHER),
    ("Thanks for the chat, talk soon!", C.OTHER),
    ("Okay, sounds good.", C.OTHER),
    ("What do you think about that?", C.OTHER),
]


def write(out: Path, stem: str, figures: dict[str, object], lines: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{stem}.json").write_text(json.dumps(figures, indent=2) + "\n")
    (out / f"{stem}.md").write_text("\n".join(lines) + "\n")


async def main(out: Path, stem: str) -> None:
    embedder = await load_embedder(Settings())
    classifier = PrototypeClassifier(embedder)
    vectors = await embedder.embed([text for text, _ in SAMPLE])
    labels = [await classifier.label(v) for v in vectors]
    rows = [
        {
            "text": text,
            "expected": str(want),
            "got": str(label.category),
            "similarity": round(label.similarity, 3),
            "margin": round(label.margin, 3),
        }
        for (text, want), label in zip(SAMPLE, labels, strict=True)
    ]
    agree = sum(r["expected"] == r["got"] for r in rows)
    per: dict[str, dict[str, float]] = {}
    for category in Category:
        c = str(category)
        tp = sum(r["expected"] == c and r["got"] == c for r in rows)
        predicted = sum(r["got"] == c for r in rows)
        actual = sum(r["expected"] == c for r in rows)
        per[c] = {
            "precision": round(tp / predicted, 3) if predicted else 0.0,
            "recall": round(tp / actual, 3) if actual else 0.0,
            "n": actual,
        }
    confusion = Counter((r["expected"], r["got"]) for r in rows if r["expected"] != r["got"])
    figures = {
        **run_stamp(),
        "embedder": embedder.name,
        "thresholds": {
            "min_similarity": MIN_SIMILARITY,
            "min_margin": MIN_MARGIN,
            "full_margin": FULL_MARGIN,
        },
        "sample": len(rows),
        "agreement": round(agree / len(rows), 3),
        "per_category": per,
        "confusions": [[a, b, n] for (a, b), n in confusion.most_common()],
        "disagreements": [r for r in rows if r["expected"] != r["got"]],
    }
    lines = [
        "# Category classifier agreement",
        "",
        f"Nearest prototype centroid with `{embedder.name}`, on {len(rows)} hand-labelled "
        f"sentences (5 per category): **agreement {figures['agreement']:.1%}** "
        f"({agree}/{len(rows)}). Thresholds: {figures['thresholds']}. "
        "Reproduce: `python -m bench.classifier`.",
        "",
        *md_table("category | precision | recall", "lrr"),
        *(f"| {c} | {v['precision']:.2f} | {v['recall']:.2f} |" for c, v in per.items()),
        "",
        "Disagreements (expected → got):",
        "",
        *(
            f"- {r['text']} — {r['expected']} → {r['got']} (cos {r['similarity']}, margin "
            f"{r['margin']})"
            for r in figures["disagreements"]
        ),
    ]
    write(out, stem, figures, lines)
    log(f"agreement {figures['agreement']:.1%} on {len(rows)} sentences; report in {out}")
    await embedder.aclose()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_out(parser, "classifier")
    parser.add_argument("--stem", default="classifier", help="the report files' name")
    args = parser.parse_args()
    asyncio.run(main(args.out, args.stem))
