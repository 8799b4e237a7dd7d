#include <bits/stdc++.h>
using namespace std;

int main() {
    int cases;
    scanf("%d", &cases);
    for (int t = 1; t <= cases; ++t) {
        int n, m;
        scanf("%d %d", &n, &m);
        vector<vector<int>> board(n + 2, vector<int>(n + 2, 0));
        int h = n / 2;
        board[h][h] = board[h + 1][h + 1] = 2;
        board[h][h + 1] = board[h + 1][h] = 1;
        for (int k = 0; k < m; ++k) {
            int x, y, colour;
            scanf("%d %d %d", &x, &y, &colour);
            board[x][y] = colour;
            for (int dx = -1; dx <= 1; ++dx) {
                for (int dy = -1; dy <= 1; ++dy) {
                    if (!dx && !dy) continue;
                    int cx = x + dx, cy = y + dy, length = 0;
                    while (cx >= 1 && cx <= n && cy >= 1 && cy <= n && board[cx][cy] == 3 - colour) {
                        cx += dx, cy += dy, ++length;
                    }
                    bool closed = cx >= 1 && cx <= n && cy >= 1 && cy <= n && board[cx][cy] == colour;
                    if (!closed) continue;
                    for (int i = 1; i <= length; ++i) board[x + i * dx][y + i * dy] = colour;
                }
            }
        }
        int black = 0, white = 0;
        for (int x = 1; x <= n; ++x)
            for (int y = 1; y <= n; ++y) black += board[x][y] == 1, white += board[x][y] == 2;
        printf("#%d %d %d\n", t, black, white);
    }
}
