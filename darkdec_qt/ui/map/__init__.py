"""The map widget: the scene and its painting, tiles and geometry, the view (zoom, pan,
drag), what clicks on the map mean, overlays, counters and the stack viewer. It knows
nothing of the game's panels, so the editor reuses it (import contract)."""
