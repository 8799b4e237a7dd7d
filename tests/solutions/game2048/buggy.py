import sys


def slide(line):
    # The planted bug: a tile made by a merge may merge again in the same
    # move, so 2 2 4 slides to 8 instead of 4 4.
    out = []
    for tile in line:
        if not tile:
            continue
        out.append(tile)
        while len(out) > 1 and out[-1] == out[-2]:
            out[-2] *= 2
            out.pop()
    return out + [0] * (len(line) - len(out))


def move(board, direction):
    n = len(board)
    if direction == 0:
        return [slide(row) for row in board]
    if direction == 1:
        return [slide(row[::-1])[::-1] for row in board]
    columns = [[board[r][c] for r in range(n)] for c in range(n)]
    if direction == 2:
        slid = [slide(col) for col in columns]
    else:
        slid = [slide(col[::-1])[::-1] for col in columns]
    return [[slid[c][r] for c in range(n)] for r in range(n)]


def best(board, depth):
    top = max(max(row) for row in board)
    if depth == 0:
        return top
    for direction in range(4):
        top = max(top, best(move(board, direction), depth - 1))
    return top


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    board = [[int(data[1 + r * n + c]) for c in range(n)] for r in range(n)]
    print(best(board, 5))


main()
