import sys

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def main():
    data = sys.stdin.read().split()
    at = 0
    cases = int(data[at])
    at += 1
    out = []
    for case in range(1, cases + 1):
        n, m = int(data[at]), int(data[at + 1])
        at += 2
        board = [[0] * (n + 1) for _ in range(n + 1)]
        half = n // 2
        board[half][half] = board[half + 1][half + 1] = 2
        board[half][half + 1] = board[half + 1][half] = 1
        for _ in range(m):
            x, y, colour = int(data[at]), int(data[at + 1]), int(data[at + 2])
            at += 3
            board[x][y] = colour
            for dx, dy in DIRECTIONS:
                run = []
                cx, cy = x + dx, y + dy
                while 1 <= cx <= n and 1 <= cy <= n and board[cx][cy] == 3 - colour:
                    run.append((cx, cy))
                    cx, cy = cx + dx, cy + dy
                if 1 <= cx <= n and 1 <= cy <= n and board[cx][cy] == colour:
                    for rx, ry in run:
                        board[rx][ry] = colour
        black = sum(row.count(1) for row in board)
        white = sum(row.count(2) for row in board)
        out.append(f"#{case} {black} {white}")
    print("\n".join(out))


main()
