// Programmers' form: the function alone, printing debug lines by every
// route a JavaScript solution has, and a top-level test call.
const fs = require("fs");

function solution(board, aloc, bloc) {
    const rows = board.length, cols = board[0].length;
    const grid = board.map((row) => row.slice());
    console.log("debug: console.log", rows, cols);
    process.stdout.write("debug: process.stdout.write\n");
    fs.writeSync(1, "debug: fs.writeSync(1)\n");
    // [whether the player to move wins, the moves left], with both playing
    // well: the winner hurries, the loser stalls.
    function play(r, c, orow, ocol) {
        if (grid[r][c] === 0) return [false, 0];
        let win = false, best = 0;
        for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
            const nr = r + dr, nc = c + dc;
            if (nr < 0 || nr >= rows || nc < 0 || nc >= cols || !grid[nr][nc]) continue;
            grid[r][c] = 0;
            const [theyWin, moves] = play(orow, ocol, nr, nc);
            grid[r][c] = 1;
            if (!theyWin) {
                if (!win || moves + 1 < best) best = moves + 1;
                win = true;
            } else if (!win) {
                // The planted bug: the loser hurries instead of stalling.
                best = best === 0 ? moves + 1 : Math.min(best, moves + 1);
            }
        }
        return [win, best];
    }
    return play(aloc[0], aloc[1], bloc[0], bloc[1])[1];
}

console.log(solution([[1, 1, 1], [1, 1, 1], [1, 1, 1]], [1, 0], [1, 2]));
