import sys
from collections import deque


def main():
    field = [list(line.strip()) for line in sys.stdin.read().split()]
    rows, cols = len(field), len(field[0])
    chains = 0
    while True:
        seen = [[False] * cols for _ in range(rows)]
        popping = []
        for r in range(rows):
            for c in range(cols):
                if field[r][c] == "." or seen[r][c]:
                    continue
                colour = field[r][c]
                group = [(r, c)]
                seen[r][c] = True
                queue = deque(group)
                while queue:
                    y, x = queue.popleft()
                    for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                        if 0 <= ny < rows and 0 <= nx < cols and not seen[ny][nx] and field[ny][nx] == colour:
                            seen[ny][nx] = True
                            group.append((ny, nx))
                            queue.append((ny, nx))
                if len(group) >= 4:
                    popping.extend(group)
        if not popping:
            break
        chains += 1
        for y, x in popping:
            field[y][x] = "."
        for x in range(cols):
            stack = [field[y][x] for y in range(rows) if field[y][x] != "."]
            column = ["."] * (rows - len(stack)) + stack
            for y in range(rows):
                field[y][x] = column[y]
    print(chains)


main()
