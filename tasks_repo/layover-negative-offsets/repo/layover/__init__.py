"""layover: flight itineraries across time zones: airports, timetables, connections and printouts."""
