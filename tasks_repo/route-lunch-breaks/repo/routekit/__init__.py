"""routekit: plan a courier's day: stops, route order, driving time and breaks."""
