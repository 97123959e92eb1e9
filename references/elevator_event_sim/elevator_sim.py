from typing import NamedTuple

from event_queue import EventQueue


class SimResult(NamedTuple):
    stops: list
    waits: list
    end_time: float
    distance: int


def _validate(requests, floors, start, travel_time, door_time):
    if floors < 1 or not 0 <= start < floors:
        raise ValueError("need floors >= 1 and 0 <= start < floors")
    if travel_time <= 0 or door_time < 0:
        raise ValueError("need travel_time > 0 and door_time >= 0")
    for i, (time, floor) in enumerate(requests):
        if time < 0 or not 0 <= floor < floors:
            raise ValueError(f"request {i} ({time}, {floor}) is out of range")


def simulate(requests, floors, start=0, travel_time=1, door_time=2):
    requests = list(requests)
    _validate(requests, floors, start, travel_time, door_time)
    queue = EventQueue()
    for i, (time, _floor) in enumerate(requests):
        queue.push(time, "request", i)
    floor, direction, moving, doors_open = start, 1, False, False
    pending, stops, waits, distance = {}, [], [None] * len(requests), 0

    def open_doors(t):
        nonlocal doors_open
        doors_open = True
        stops.append((t, floor))
        for i in pending.pop(floor, []):
            waits[i] = t - requests[i][0]
        queue.push(t + door_time, "close")

    def dispatch(t):
        nonlocal direction, moving
        if not pending:
            return
        if floor in pending:
            open_doors(t)
            return
        if not any((f - floor) * direction > 0 for f in pending):
            direction = -direction
        moving = True
        queue.push(t + travel_time, "arrive", floor + direction)

    while len(queue):
        event = queue.pop()
        t = event.time
        if event.kind == "request":
            target = requests[event.payload][1]
            if doors_open and target == floor:
                waits[event.payload] = 0
                continue
            pending.setdefault(target, []).append(event.payload)
            if not moving and not doors_open:
                dispatch(t)
        elif event.kind == "arrive":
            floor, distance = event.payload, distance + 1
            if floor in pending:
                moving = False
                open_doors(t)
            else:
                queue.push(t + travel_time, "arrive", floor + direction)
        else:
            doors_open = False
            dispatch(t)
    return SimResult(stops, waits, queue.now, distance)
