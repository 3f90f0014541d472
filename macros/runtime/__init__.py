"""Shipping the runtime: the wheel, the trimmed standard library, the snapshot, the scripts."""
