import sys
from collections import deque


def main():
    field = [list(line.strip()) for line in sys.stdin.read().split()]
    rows, cols = len(field), len(field[0])
    chains = 0
    while True:
        seen = [[False] * cols for _ in range(rows)]
        popped = False
        for i in range(rows):
            for j in range(cols):
                if field[i][j] == "." or seen[i][j]:
                    continue
                colour = field[i][j]
                group = [(i, j)]
                seen[i][j] = True
                queue = deque(group)
                while queue:
                    y, x = queue.popleft()
                    for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                        if 0 <= ny < rows and 0 <= nx < cols and not seen[ny][nx] and field[ny][nx] == colour:
                            seen[ny][nx] = True
                            group.append((ny, nx))
                            queue.append((ny, nx))
                if len(group) >= 4:
                    popped = True
                    # The planted bug: this loop reuses the scan's i and j,
                    # so the rest of row i is scanned on the row of the
                    # group's last puyo, and a group there is missed until
                    # a later round.
                    for i, j in group:
                        field[i][j] = "."
        if not popped:
            break
        chains += 1
        for x in range(cols):
            stack = [field[y][x] for y in range(rows) if field[y][x] != "."]
            column = ["."] * (rows - len(stack)) + stack
            for y in range(rows):
                field[y][x] = column[y]
    print(chains)


main()
