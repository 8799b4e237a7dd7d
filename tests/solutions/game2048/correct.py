import sys


def slide(line):
    tiles = [t for t in line if t]
    out = []
    i = 0
    while i < len(tiles):
        if i + 1 < len(tiles) and tiles[i] == tiles[i + 1]:
            out.append(tiles[i] * 2)
            i += 2
        else:
            out.append(tiles[i])
            i += 1
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
