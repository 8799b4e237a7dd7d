#include <bits/stdc++.h>
using namespace std;

int n;

void slideLine(vector<int>& line) {
    vector<int> tiles;
    for (int t : line) if (t) tiles.push_back(t);
    vector<int> out;
    for (size_t i = 0; i < tiles.size(); ++i) {
        if (i + 1 < tiles.size() && tiles[i] == tiles[i + 1]) {
            out.push_back(tiles[i] * 2);
            ++i;
        } else {
            out.push_back(tiles[i]);
        }
    }
    out.resize(line.size(), 0);
    line = out;
}

vector<vector<int>> moveBoard(const vector<vector<int>>& b, int dir) {
    vector<vector<int>> r = b;
    for (int k = 0; k < n; ++k) {
        vector<int> line(n);
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

int best(const vector<vector<int>>& b, int depth) {
    int top = 0;
    for (auto& row : b) for (int t : row) top = max(top, t);
    if (depth == 0) return top;
    for (int d = 0; d < 4; ++d) top = max(top, best(moveBoard(b, d), depth - 1));
    return top;
}

int main() {
    scanf("%d", &n);
    vector<vector<int>> b(n, vector<int>(n));
    for (auto& row : b) for (int& t : row) scanf("%d", &t);
    printf("%d\n", best(b, 5));
}
