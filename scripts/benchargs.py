"""Argument checks shared by the scan benchmark scripts (imported from the scripts' own folder)."""
import argparse


def rounds(text):
    """argparse type for --rounds: the figures are medians of the timed rounds, so there must be one."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text)
    if value < 1:
        raise argparse.ArgumentTypeError(
            "must be at least 1 (the figures are medians of the timed rounds after the warm-up round), not %d" % value)
    return value
