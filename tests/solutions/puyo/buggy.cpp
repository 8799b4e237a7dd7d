#include <bits/stdc++.h>
using namespace std;

int main() {
    vector<string> field(12);
    for (auto& row : field) cin >> row;
    const int R = 12, C = 6;
    int chains = 0;
    while (true) {
        vector<vector<bool>> seen(R, vector<bool>(C, false));
        vector<pair<int, int>> popping;
        for (int r = 0; r < R; ++r) {
            for (int c = 0; c < C; ++c) {
                if (field[r][c] == '.' || seen[r][c]) continue;
                char colour = field[r][c];
                vector<pair<int, int>> group = {{r, c}};
                seen[r][c] = true;
                for (size_t k = 0; k < group.size(); ++k) {
                    auto [y, x] = group[k];
                    int dy[] = {1, -1, 0, 0}, dx[] = {0, 0, 1, -1};
                    for (int d = 0; d < 4; ++d) {
                        int ny = y + dy[d], nx = x + dx[d];
                        if (ny < 0 || ny >= R || nx < 0 || nx >= C) continue;
                        if (seen[ny][nx] || field[ny][nx] != colour) continue;
                        seen[ny][nx] = true;
                        group.push_back({ny, nx});
                    }
                }
                if (group.size() >= 4) popping.insert(popping.end(), group.begin(), group.end());
            }
        }
        if (popping.empty()) break;
        ++chains;
        for (auto [y, x] : popping) field[y][x] = '.';
        // The planted bug: each puyo falls one cell per round, not all the
        // way down.
        for (int x = 0; x < C; ++x) {
            for (int y = R - 2; y >= 0; --y) {
                if (field[y][x] != '.' && field[y + 1][x] == '.') {
                    field[y + 1][x] = field[y][x];
                    field[y][x] = '.';
                }
            }
        }
    }
    printf("%d\n", chains);
}
