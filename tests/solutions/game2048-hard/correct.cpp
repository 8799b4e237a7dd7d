#include <bits/stdc++.h>
using namespace std;

// The board as n * n bytes, row by row: each tile's exponent (0 empty).
int n, best = 0, cap = 0;
unordered_map<string, int> seen;

// Slides one line toward its start: each tile merges at most once a move.
void slideLine(unsigned char* line) {
    unsigned char out[20] = {0};
    int count = 0, last = 0;
    for (int i = 0; i < n; ++i) {
        int t = line[i];
        if (!t) continue;
        if (last == t) {
            out[count - 1] = t + 1;
            last = 0;
        } else {
            out[count++] = t;
            last = t;
        }
    }
    memcpy(line, out, n);
}

string moveBoard(const string& b, int dir) {
    string r = b;
    unsigned char line[20];
    for (int k = 0; k < n; ++k) {
        for (int i = 0; i < n; ++i) {
            int at = dir == 0 ? k * n + i : dir == 1 ? k * n + (n - 1 - i)
                   : dir == 2 ? i * n + k : (n - 1 - i) * n + k;
            line[i] = b[at];
        }
        slideLine(line);
        for (int i = 0; i < n; ++i) {
            int at = dir == 0 ? k * n + i : dir == 1 ? k * n + (n - 1 - i)
                   : dir == 2 ? i * n + k : (n - 1 - i) * n + k;
            r[at] = line[i];
        }
    }
    return r;
}

// Whether a tile above the best may still come in `depth` moves: a tile of
// exponent e made in d moves is made of tiles of exponents e - d .. e - 1
// summing to 2^e (each tile merges at most once a move).
bool reachable(const string& b, int depth, int top) {
    long long counts[64] = {0};
    for (unsigned char t : b) counts[t]++;
    for (int e = best + 1; e <= min(top + depth, cap); ++e) {
        int low = max(e - depth, 1);
        long long sum = 0;
        for (int k = low; k < min(e, top + 1); ++k) sum += counts[k] << (k - low);
        if (sum >= (1LL << (e - low))) return true;
    }
    return false;
}

void search(const string& b, int depth) {
    int top = 0;
    for (unsigned char t : b) top = max(top, (int)t);
    best = max(best, top);
    if (depth == 0 || best >= cap || top + depth <= best) return;
    auto it = seen.find(b);
    if (it != seen.end() && it->second >= depth) return;
    seen[b] = depth;
    if (depth >= 2 && !reachable(b, depth, top)) return;
    for (int d = 0; d < 4; ++d) {
        string next = moveBoard(b, d);
        if (next != b) search(next, depth - 1);
    }
}

int main() {
    scanf("%d", &n);
    string b(n * n, 0);
    long long total = 0;
    for (int i = 0; i < n * n; ++i) {
        long long t;
        scanf("%lld", &t);
        int e = 0;
        while ((1LL << (e + 1)) <= t) ++e;
        b[i] = t ? e : 0;
        total += t;
    }
    // No tile can pass the sum of all tiles.
    while ((1LL << (cap + 1)) <= total) ++cap;
    search(b, 10);
    printf("%lld\n", 1LL << best);
}
