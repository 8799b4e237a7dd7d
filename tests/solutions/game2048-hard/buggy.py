import sys


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    # The board as n * n bytes, row by row: each tile's exponent (0 empty).
    board = bytes(int(x).bit_length() - 1 if int(x) else 0 for x in data[1:1 + n * n])
    slid = {}

    def slide(line):
        got = slid.get(line)
        if got is None:
            tiles = [t for t in line if t]
            out = []
            i = 0
            while i < len(tiles):
                if i + 1 < len(tiles) and tiles[i] == tiles[i + 1]:
                    out.append(tiles[i] + 1)
                    i += 2
                else:
                    out.append(tiles[i])
                    i += 1
            got = bytes(out) + bytes(n - len(out))
            slid[line] = got
        return got

    rows = [slice(r * n, (r + 1) * n) for r in range(n)]
    columns = [slice(c, n * n, n) for c in range(n)]

    def moves(b):
        yield b"".join([slide(b[s]) for s in rows])
        yield b"".join([slide(b[s][::-1])[::-1] for s in rows])
        out = bytearray(n * n)
        for s in columns:
            out[s] = slide(b[s])
        yield bytes(out)
        for s in columns:
            out[s] = slide(b[s][::-1])[::-1]
        yield bytes(out)

    # No tile can pass the sum of all tiles.
    total = sum(1 << e for e in board if e)
    cap = total.bit_length() - 1
    best = max(board)
    seen = {}

    def reachable(b, depth, top):
        """Whether a tile above the best may still come: a tile of exponent e
        made in d moves is made of tiles of exponents e - d .. e - 1 summing
        to 2^e (each tile merges at most once a move)."""
        counts = [b.count(e) for e in range(top + 1)]
        for e in range(best + 1, min(top + depth, cap) + 1):
            low = max(e - depth, 1)
            if sum(counts[k] << (k - low) for k in range(low, min(e, top + 1))) >= 1 << (e - low):
                return True
        return False

    def search(b, depth):
        nonlocal best
        top = max(b)
        if top > best:
            best = top
        if depth == 0 or best >= cap or top + depth <= best:
            return
        if seen.get(b, -1) >= depth:
            return
        seen[b] = depth
        if depth >= 2 and not reachable(b, depth, top):
            return
        for nb in moves(b):
            if nb != b:
                search(nb, depth - 1)

    search(board, 9)  # the planted bug: nine moves, not ten
    print(1 << best)


main()
