class Board:
    def __init__(self, columns=7, rows=6, connect=4):
        if columns < 1 or rows < 1 or connect < 2:
            raise ValueError("need columns >= 1, rows >= 1 and connect >= 2")
        self.columns, self.rows, self.connect = columns, rows, connect
        self._grid = [[] for _ in range(columns)]
        self.moves = []
        self._winner = None

    @classmethod
    def from_moves(cls, moves, columns=7, rows=6, connect=4):
        board = cls(columns, rows, connect)
        for col in moves:
            board.drop(col)
        return board

    @property
    def current_player(self):
        return 1 if len(self.moves) % 2 == 0 else 2

    def cell(self, col, row):
        if not (0 <= col < self.columns and 0 <= row < self.rows):
            raise IndexError(f"no cell ({col}, {row})")
        stack = self._grid[col]
        return stack[row] if row < len(stack) else 0

    def legal_moves(self):
        if self._winner is not None:
            return []
        return [c for c in range(self.columns) if len(self._grid[c]) < self.rows]

    def drop(self, col):
        if self._winner is not None:
            raise ValueError("the game is over")
        if not isinstance(col, int) or not 0 <= col < self.columns:
            raise ValueError(f"no column {col!r}")
        if len(self._grid[col]) >= self.rows:
            raise ValueError(f"column {col} is full")
        player = self.current_player
        self._grid[col].append(player)
        self.moves.append(col)
        row = len(self._grid[col]) - 1
        if self._makes_line(col, row, player):
            self._winner = player
        return row

    def _makes_line(self, col, row, player):
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            count = 1
            for sign in (1, -1):
                c, r = col + sign * dc, row + sign * dr
                while 0 <= c < self.columns and 0 <= r < self.rows and self.cell(c, r) == player:
                    count += 1
                    c, r = c + sign * dc, r + sign * dr
            if count >= self.connect:
                return True
        return False

    def undo(self):
        if not self.moves:
            raise ValueError("no move to undo")
        col = self.moves.pop()
        self._grid[col].pop()
        self._winner = None
        return col

    def winner(self):
        return self._winner

    def is_draw(self):
        return self._winner is None and len(self.moves) == self.columns * self.rows

    def __str__(self):
        marks = {0: ".", 1: "X", 2: "O"}
        return "\n".join("".join(marks[self.cell(c, r)] for c in range(self.columns))
                         for r in range(self.rows - 1, -1, -1))
