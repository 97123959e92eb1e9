"""draftkit: 2D outlines for floor plans: polygons, rectangles, circles, layers, SVG export."""
