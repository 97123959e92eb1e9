from project_graph import CycleError, Project


def _followers(project, order):
    follow = {t: [] for t in order}
    for t in order:
        for p in project.prerequisites(t):
            follow[p].append(t)
    return follow


def critical_path(project):
    order = project.order()
    follow = _followers(project, order)
    earliest = {}
    for t in order:
        earliest[t] = max((earliest[p] + project.duration(p) for p in project.prerequisites(t)), default=0)
    makespan = max((earliest[t] + project.duration(t) for t in order), default=0)
    latest = {}
    for t in reversed(order):
        finish = min((latest[f] for f in follow[t]), default=makespan)
        latest[t] = finish - project.duration(t)
    slack = {t: latest[t] - earliest[t] for t in order}
    return {
        "earliest": earliest,
        "latest": latest,
        "slack": slack,
        "makespan": makespan,
        "critical": [t for t in order if slack[t] == 0],
    }


def list_schedule(project, workers):
    if workers < 1:
        raise ValueError("workers must be at least 1")
    order = project.order()
    follow = _followers(project, order)
    tail = {}
    for t in reversed(order):
        tail[t] = project.duration(t) + max((tail[f] for f in follow[t]), default=0)
    finish_of = {}
    start, worker = {}, {}
    busy_until = [0] * workers
    now = 0
    while len(start) < len(order):
        ready = [t for t in order if t not in start
                 and all(p in finish_of and finish_of[p] <= now for p in project.prerequisites(t))]
        ready.sort(key=lambda t: (-tail[t], t))
        free = [w for w in range(workers) if busy_until[w] <= now]
        for t, w in zip(ready, free):
            start[t], worker[t] = now, w
            finish_of[t] = now + project.duration(t)
            busy_until[w] = finish_of[t]
        future = [f for f in finish_of.values() if f > now]
        if not future:
            break
        now = min(future)
    makespan = max(finish_of.values(), default=0)
    return {"start": start, "worker": worker, "makespan": makespan}
