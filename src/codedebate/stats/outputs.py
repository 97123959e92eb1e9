"""Names of the analysis outputs (tables and figures), importable without pandas or scipy.

The Snakemake rules declare these files as outputs; tests check the builders produce exactly them.
"""

from __future__ import annotations

STANDARD_TABLES = (
    "config_means", "solo_models", "by_difficulty", "final_vs_round1", "recovery",
    "costs_by_config", "costs_by_difficulty", "code_quality", "visible_vs_hidden",
    "debate_vs_solo", "final_vs_best_round1_tests", "final_vs_mean_round1_tests", "judge_effect",
    "pass_at_k",
)
THESIS_TABLES = (
    "thesis_table6", "thesis_best_of_n", "thesis_by_difficulty", "thesis_solved_by_difficulty",
    "thesis_final_vs_round1", "thesis_judge_modes", "thesis_judge_tests", "thesis_durations",
    "thesis_adaptive_temperature",
)
# the thesis's numbered tables and figures in its own layout (docs/thesis-reproduction.md)
THESIS_LAYOUT_TABLES = (
    "table_06", "table_07", "table_08", "table_09", "table_11", "table_12", "table_13", "table_15",
    "table_17", "table_20", "table_22", "table_23",
)
THESIS_FIGURES = ("figure_06", "figure_09")
FIGURES = (
    "pass_rate_by_difficulty", "configuration_bars", "solo_vs_debate", "pass_rate_by_round",
    "cost_vs_gain",
)
TABLE_FORMATS = ("csv", "md")
FIGURE_FORMATS = ("png", "pdf")


def table_files(outdir: str, names: tuple[str, ...] = STANDARD_TABLES) -> list[str]:
    """outdir/<name>.csv and .md for each table name."""
    return [f"{outdir}/{n}.{ext}" for n in names for ext in TABLE_FORMATS]


def figure_files(outdir: str, names: tuple[str, ...] = FIGURES) -> list[str]:
    """outdir/<name>.png and .pdf for each figure name."""
    return [f"{outdir}/{n}.{ext}" for n in names for ext in FIGURE_FORMATS]
