#include <bits/stdc++.h>
using namespace std;

typedef vector<vector<int>> Board;
int n, best = 0;
map<Board, int> seen;

void slideLine(vector<int>& line) {
    vector<int> out;
    int last = 0;
    for (int t : line) {
        // The planted bug: a gap ends a pair, so 2 0 2 never merges.
        if (!t) {
            last = 0;
            continue;
        }
        if (last == t) {
            out.back() = 2 * t;
            last = 0;
        } else {
            out.push_back(t);
            last = t;
        }
    }
    out.resize(n, 0);
    line = out;
}

Board moveBoard(const Board& b, int dir) {
    Board r = b;
    vector<int> line(n);
    for (int k = 0; k < n; ++k) {
        for (int i = 0; i < n; ++i) {
            if (dir == 0) line[i] = b[k][i];
            if (dir == 1) line[i] = b[k][n - 1 - i];
            if (dir == 2) line[i] = b[i][k];
            if (dir == 3) line[i] = b[n - 1 - i][k];
        }
        slideLine(line);
        for (int i = 0; i < n; ++i) {
            if (dir == 0) r[k][i] = line[i];
            if (dir == 1) r[k][n - 1 - i] = line[i];
            if (dir == 2) r[i][k] = line[i];
            if (dir == 3) r[n - 1 - i][k] = line[i];
        }
    }
    return r;
}

int topOf(const Board& b) {
    int top = 0;
    for (auto& row : b) for (int t : row) top = max(top, t);
    return top;
}

void search(const Board& b, int depth) {
    int top = topOf(b);
    best = max(best, top);
    // No tile can more than double in one move.
    if (depth == 0 || ((long long)top << depth) <= best) return;
    auto it = seen.find(b);
    if (it != seen.end() && it->second >= depth) return;
    seen[b] = depth;
    for (int d = 0; d < 4; ++d) {
        Board next = moveBoard(b, d);
        if (next != b) search(next, depth - 1);
    }
}

int main() {
    scanf("%d", &n);
    Board b(n, vector<int>(n));
    for (auto& row : b) for (int& t : row) scanf("%d", &t);
    search(b, 10);
    printf("%d\n", best);
}
