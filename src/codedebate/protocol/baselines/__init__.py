"""Baselines at equal cost: best-of-N, majority vote (self-consistency), vote-only and self-repair.

Each protocol registers beside ``debate`` and ``solo``; their options come from
``settings.protocol_options`` (see ``sampling.SamplingOptions`` and ``self_repair.RepairOptions``).
"""
