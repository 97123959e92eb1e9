from c4_board import Board

WIN_SCORE = 1000


def move_order(board):
    return sorted(board.legal_moves(), key=lambda c: (abs(2 * c - (board.columns - 1)), c))


def negamax(board, depth):
    if board.winner() is not None:
        return -(WIN_SCORE + depth)
    moves = move_order(board)
    if not moves or depth == 0:
        return 0
    best = None
    for col in moves:
        board.drop(col)
        score = -negamax(board, depth - 1)
        board.undo()
        if best is None or score > best:
            best = score
    return best


def scores(board, depth):
    if depth < 1:
        raise ValueError("depth must be at least 1")
    out = {}
    for col in move_order(board):
        board.drop(col)
        out[col] = -negamax(board, depth - 1)
        board.undo()
    return out


def best_move(board, depth):
    ranked = scores(board, depth)
    if not ranked:
        raise ValueError("no legal move")
    best = max(ranked.values())
    return next(col for col, score in ranked.items() if score == best)


def play_out(moves, depth, columns=7, rows=6, connect=4):
    board = Board.from_moves(moves, columns, rows, connect)
    while board.legal_moves():
        board.drop(best_move(board, depth))
    return board


def perft(board, depth):
    if depth == 0:
        return 1
    total = 0
    for col in board.legal_moves():
        board.drop(col)
        total += perft(board, depth - 1)
        board.undo()
    return total
