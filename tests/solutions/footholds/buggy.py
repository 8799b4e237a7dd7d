import os
import sys

input = sys.stdin.readline


def solution(board, aloc, bloc):
    rows, cols = len(board), len(board[0])
    # Debug lines by every route a Python solution has: none of them is an
    # answer.
    print("debug: print", rows, cols)
    sys.__stdout__.write("debug: sys.__stdout__\n")
    sys.__stdout__.flush()
    os.write(1, b"debug: os.write(1)\n")

    def play(mover, other):
        """(whether the player to move wins, the moves left) with both
        playing well: the winner hurries, the loser stalls."""
        r, c = mover
        if board[r][c] == 0:
            return False, 0
        wins, losses = [], []
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and board[nr][nc]:
                board[r][c] = 0
                they_win, moves = play(other, (nr, nc))
                board[r][c] = 1
                (losses if they_win else wins).append(moves + 1)
        if wins:
            return True, min(wins)
        if losses:
            return False, min(losses)  # the planted bug: the loser hurries too
        return False, 0

    return play(tuple(aloc), tuple(bloc))[1]


# Local tests, as people leave them in: Programmers ignores them.
print(solution([[1, 1, 1], [1, 1, 1], [1, 1, 1]], [1, 0], [1, 2]))
