"""
A stand-in for the ``hearthstone_data`` package (HearthSim's CardDefs.xml bundle), part of Arbiter's Fireplace
adapter. python-hearthstone asks it where CardDefs.xml is; this answers $ARBITER_CARDDEFS. No card data is here.
"""
import os


def get_carddefs_path():
    path = os.environ.get("ARBITER_CARDDEFS")
    if not path:
        raise RuntimeError("ARBITER_CARDDEFS is not set: point it at a CardDefs.xml (see adapters/fireplace/README.md)")
    return path
