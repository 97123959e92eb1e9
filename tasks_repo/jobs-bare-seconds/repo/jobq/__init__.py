"""jobq: a tiny job runner: a config file, a priority queue, a worker with timeouts and retries."""
