"""The experiment pipeline: grids of cells, their settings files and output paths."""
