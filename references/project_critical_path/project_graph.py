import heapq


class CycleError(ValueError):
    pass


class Project:
    def __init__(self):
        self._duration = {}
        self._prereqs = {}

    def add_task(self, name, duration):
        if name in self._duration:
            raise ValueError(f"task {name!r} already exists")
        if not isinstance(duration, int) or duration <= 0:
            raise ValueError("duration must be a positive integer")
        self._duration[name] = duration
        self._prereqs[name] = set()

    def add_dependency(self, task, prerequisite):
        for n in (task, prerequisite):
            if n not in self._duration:
                raise KeyError(n)
        if task == prerequisite:
            raise ValueError("a task cannot depend on itself")
        self._prereqs[task].add(prerequisite)

    def tasks(self):
        return sorted(self._duration)

    def duration(self, name):
        return self._duration[name]

    def prerequisites(self, name):
        return sorted(self._prereqs[name])

    def dependents(self, name):
        return sorted(t for t, ps in self._prereqs.items() if name in ps)

    def order(self):
        missing = {t: len(ps) for t, ps in self._prereqs.items()}
        followers = {t: [] for t in self._prereqs}
        for t, ps in self._prereqs.items():
            for p in ps:
                followers[p].append(t)
        ready = [t for t, n in missing.items() if n == 0]
        heapq.heapify(ready)
        out = []
        while ready:
            t = heapq.heappop(ready)
            out.append(t)
            for f in followers[t]:
                missing[f] -= 1
                if missing[f] == 0:
                    heapq.heappush(ready, f)
        if len(out) != len(self._prereqs):
            raise CycleError("dependencies contain a cycle")
        return out
