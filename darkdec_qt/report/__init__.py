"""The after-action report (``darkdec report``): one self-contained HTML page of a game, its
charts drawn as SVG from game/statistics.py. No Qt here: the maps come in as PNG bytes
(drawn by ui/frames.py in cli_pictures.py)."""
