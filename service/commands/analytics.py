"""`retentia analytics`: one tenant's causal structure, lifecycle and fact churn as JSON,
Markdown, an HTML page or a PNG of plots (service/usecases/analytics.py computes them).

PNG and HTML draw with matplotlib, the `analytics` extra; without it those two formats stop
with a message naming the extra, and JSON and Markdown still work.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

from service.commands import command_start, named_tenant

if TYPE_CHECKING:  # networkx and the use cases load only when the command runs
    from service.engine.causal_graph import Top
    from service.usecases.analytics import AnalyticsReport, MonthCount

Format = Literal["json", "md", "html", "png"]
FORMATS: Final[tuple[Format, ...]] = ("json", "md", "html", "png")
MISSING_MATPLOTLIB: Final = (
    "the {fmt} format draws with matplotlib, which is not installed: "
    "pip install 'retentia[analytics]' (JSON and Markdown need nothing extra)"
)


def register(commands: Any) -> None:
    """Add `analytics` to the `retentia` subcommands (an argparse subparsers action)."""
    analytics = commands.add_parser(
        "analytics",
        help="causal hubs, load-bearing memories, chains, communities, cycles, components, "
        "lifecycle and fact churn of one tenant",
    )
    analytics.add_argument("--org", help="tenant org (default RETENTIA_DEFAULT_ORG)")
    analytics.add_argument("--project", help="tenant project (default RETENTIA_DEFAULT_PROJECT)")
    analytics.add_argument("--format", choices=FORMATS, default="json", help="default json")
    analytics.add_argument(
        "--output", type=Path, help="write to this file (png: required) instead of stdout"
    )
    analytics.add_argument(
        "--why",
        nargs=2,
        metavar=("CAUSE", "EFFECT"),
        help="also the shortest causal chain from CAUSE to EFFECT (memory ids)",
    )
    analytics.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    analytics.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import asyncio

    return asyncio.run(_run(args))


async def _run(args: argparse.Namespace) -> int:
    from schema import RetentiaError
    from service import compose

    fmt: Format = args.format
    if fmt == "png" and args.output is None:
        print("retentia analytics: --format png needs --output FILE", file=sys.stderr)
        return 2
    if fmt in ("png", "html") and not _have_matplotlib():
        print(f"retentia analytics: {MISSING_MATPLOTLIB.format(fmt=fmt)}", file=sys.stderr)
        return 2
    settings = command_start(args)
    try:
        tenant = named_tenant(args, settings)
        # Beside a running service this shares its embedded FalkorDB.
        async with compose.open_service(settings, tenant, ready=False, share_running=True) as uses:
            report = await uses.analytics.report(tenant)
            why = None
            if args.why is not None:
                why = list(await uses.analytics.why_path(tenant, *args.why))
    except RetentiaError as e:
        print(f"retentia analytics: {e}", file=sys.stderr)
        return 2
    if fmt == "png":
        args.output.write_bytes(png(report))
        return 0
    text = {"json": as_json, "md": markdown, "html": page}[fmt](report, why)
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")
    return 0


def _have_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def as_dict(report: AnalyticsReport, why: list[str] | None = None) -> dict[str, Any]:
    data = asdict(report)
    data["tenant"] = {"org": report.tenant.org, "project": report.tenant.project}
    data["computed_at"] = report.computed_at.isoformat()
    data["churn"]["superseded_share"] = report.churn.superseded_share
    if why is not None:
        data["why_path"] = why
    return data


def as_json(report: AnalyticsReport, why: list[str] | None = None) -> str:
    return json.dumps(as_dict(report, why), indent=2, sort_keys=True) + "\n"


def _ranked(title: str, figure: Top, unit: str) -> list[str]:
    lines = [f"### {title} (top {len(figure.items)} of {figure.total})", ""]
    if not figure.items:
        return [*lines, "none", ""]
    lines += [f"| memory | {unit} |", "|---|---|"]
    lines += [f"| `{r.memory_id}` | {r.value:.4g} |" for r in figure.items]
    return [*lines, ""]


def _months(title: str, counts: tuple[MonthCount, ...]) -> list[str]:
    lines = [f"### {title}", ""]
    if not counts:
        return [*lines, "none", ""]
    lines += ["| month | kind | count |", "|---|---|---|"]
    lines += [f"| {c.month} | {c.key} | {c.count} |" for c in counts]
    return [*lines, ""]


def markdown(report: AnalyticsReport, why: list[str] | None = None) -> str:
    c = report.causal
    t = report.tenant
    lines = [
        f"# Analytics of {t.org}/{t.project}",
        "",
        f"Computed {report.computed_at.isoformat()}: {c.memories} memories, "
        f"{c.causal_edges} causal edges, {c.support_edges} causal or supportive edges. "
        f"In the database: {', '.join(report.in_database) or 'nothing'}; "
        "the rest in Python on the bounded edge export.",
        "",
        "## Causal hubs",
        "",
        *_ranked("PageRank over causal edges (toward causes)", c.pagerank, "PageRank"),
        *_ranked("Causal degree κ", c.causal_degree, "κ"),
        "## Load-bearing memories",
        "",
        *_ranked(
            "Articulation points (memories cut off if forgotten)", c.articulation_points, "cut off"
        ),
        *_ranked(
            f"Dominators from {c.root_causes} root causes (memories reached only through it)",
            c.dominators,
            "dominated",
        ),
        "## Root-cause chains",
        "",
        f"Longest causal chain ({len(c.longest_chain)} memories): "
        + (" → ".join(f"`{m}`" for m in c.longest_chain) or "none"),
        "",
    ]
    if why is not None:
        lines += [
            "Why-path: " + (" → ".join(f"`{m}`" for m in why) or "no causal chain"),
            "",
        ]
    lines += [f"## Communities (top {len(c.communities)} of {c.community_count})", ""]
    lines += [f"- **{m.name}**: {m.members} memories" for m in c.communities] or ["none"]
    cyc = c.cycles
    lines += [
        "",
        "## Causal cycles (a data-quality warning)",
        "",
        f"{cyc.memories_on_cycles} memories lie on causal cycles; "
        f"{len(cyc.cycles)} cycles listed{' (more exist)' if cyc.truncated else ''}.",
        "",
        *[f"- {' → '.join(f'`{m}`' for m in cycle)}" for cycle in cyc.cycles],
        "",
        "## Components and islands",
        "",
        f"{c.components.count} components, the largest of {c.components.largest} memories; "
        f"{c.components.isolated} isolated memories. Sizes: "
        f"{', '.join(str(s) for s in c.components.sizes) or 'none'}.",
        "",
        "## Orphans and stale auto-links",
        "",
        f"{report.orphan_count} orphans; {report.stale_auto_links} stale auto-links on "
        f"{report.stale_auto_link_memories} memories.",
        "",
        "## Lifecycle over time",
        "",
        *_months("Status mix by month of creation", report.status_by_month),
        *_months("Forgetting by month (tombstones)", report.forgotten_by_month),
        "## Fact churn",
        "",
        f"{report.churn.superseded} of {report.churn.facts} facts superseded "
        f"({report.churn.superseded_share:.1%}).",
        "",
        *_months("Supersessions by month", report.churn.by_month),
        f"### By predicate (top {len(report.churn.by_predicate)} of {report.churn.predicates})",
        "",
        *[f"- {k.key}: {k.count}" for k in report.churn.by_predicate],
        "",
        f"### By slot (top {len(report.churn.by_slot)} of {report.churn.slots})",
        "",
        *[f"- {k.key}: {k.count}" for k in report.churn.by_slot],
        "",
    ]
    return "\n".join(lines)


def png(report: AnalyticsReport) -> bytes:
    """Four plots: PageRank hubs, status mix by month, forgetting and supersessions by
    month, component sizes."""
    import matplotlib

    matplotlib.use("Agg")  # no display: files only
    from matplotlib import pyplot as plt

    c = report.causal
    figure, axes = plt.subplots(2, 2, figsize=(12, 8))
    hubs = c.pagerank.items[:10]
    # Ranked labels: two ids may share their first characters, and equal labels share a bar.
    labels = [f"{rank}. {r.memory_id[:8]}" for rank, r in enumerate(hubs, start=1)]
    axes[0][0].barh(labels[::-1], [r.value for r in hubs][::-1])
    axes[0][0].set_title(f"Causal hubs: PageRank (top {len(hubs)} of {c.pagerank.total})")
    months = sorted({m.month for m in report.status_by_month})
    statuses = sorted({m.key for m in report.status_by_month})
    bottom = [0] * len(months)
    for status in statuses:
        counts = {m.month: m.count for m in report.status_by_month if m.key == status}
        heights = [counts.get(month, 0) for month in months]
        axes[0][1].bar(months, heights, bottom=bottom, label=status)
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    axes[0][1].set_title("Status mix by month of creation")
    if statuses:
        axes[0][1].legend()
    drawn = False
    for series, label in (
        (report.forgotten_by_month, "forgotten"),
        (report.churn.by_month, "facts superseded"),
    ):
        if series:
            axes[1][0].plot([m.month for m in series], [m.count for m in series], "o-", label=label)
            drawn = True
    axes[1][0].set_title("Forgetting and fact churn by month")
    if drawn:
        axes[1][0].legend()
    else:
        axes[1][0].text(0.5, 0.5, "nothing forgotten or superseded yet", ha="center")
        axes[1][0].set_axis_off()
    sizes = c.components.sizes
    axes[1][1].bar([str(i) for i in range(1, len(sizes) + 1)], sizes)
    axes[1][1].set_xlabel("component, largest first")
    axes[1][1].set_ylabel("memories")
    axes[1][1].set_title(
        f"Component sizes ({len(sizes)} of {c.components.count}; {c.components.isolated} isolated)"
    )
    figure.suptitle(f"Retentia analytics: {report.tenant.org}/{report.tenant.project}")
    figure.tight_layout()
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=80)
    plt.close(figure)
    return out.getvalue()


def page(report: AnalyticsReport, why: list[str] | None = None) -> str:
    """A self-contained page: the plots inline and the Markdown report as preformatted text
    (no script, no network)."""
    image = base64.b64encode(png(report)).decode("ascii")
    t = report.tenant
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>Analytics of {html.escape(t.org)}/{html.escape(t.project)}</title></head>\n"
        f'<body><img alt="analytics plots" src="data:image/png;base64,{image}">\n'
        f"<pre>{html.escape(markdown(report, why))}</pre></body></html>\n"
    )
