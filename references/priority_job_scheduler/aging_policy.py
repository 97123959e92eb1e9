class AgingPolicy:
    def __init__(self, step, every):
        if step < 0:
            raise ValueError("step must be non-negative")
        if every <= 0:
            raise ValueError("every must be positive")
        self.step = step
        self.every = every

    def effective(self, base, waited):
        if waited < 0:
            raise ValueError("waited must be non-negative")
        return max(0, base - self.step * (waited // self.every))
