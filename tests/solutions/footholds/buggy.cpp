#include <algorithm>
#include <cstdio>
#include <iostream>
#include <unistd.h>
#include <vector>
using namespace std;

static vector<vector<int>> grid;
static int rows, cols;

// Whether the player to move wins, and the moves left, with both playing
// well: the winner hurries, the loser stalls.
static pair<bool, int> play(int r, int c, int orow, int ocol) {
    // The planted bug: a player whose cell has vanished may still move.
    int dr[] = {1, -1, 0, 0}, dc[] = {0, 0, 1, -1};
    bool win = false;
    int best = 0;
    for (int d = 0; d < 4; ++d) {
        int nr = r + dr[d], nc = c + dc[d];
        if (nr < 0 || nr >= rows || nc < 0 || nc >= cols || !grid[nr][nc]) continue;
        grid[r][c] = 0;
        auto [theyWin, moves] = play(orow, ocol, nr, nc);
        grid[r][c] = 1;
        if (!theyWin) {
            if (!win || moves + 1 < best) best = moves + 1;
            win = true;
        } else if (!win) {
            best = max(best, moves + 1);
        }
    }
    return {win, best};
}

int solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc) {
    // Debug lines by every route a C++ solution has: none is an answer.
    cout << "debug: cout" << endl;
    printf("debug: printf\n");
    fflush(stdout);
    write(1, "debug: write(1)\n", 16);
    grid = board;
    rows = board.size();
    cols = board[0].size();
    return play(aloc[0], aloc[1], bloc[0], bloc[1]).second;
}

// A local test harness, as people leave it in: Programmers ignores it.
int main() {
    cout << solution({{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, {1, 0}, {1, 2}) << '\n';
}
