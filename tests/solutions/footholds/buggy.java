// Programmers' form: class Solution with the function, and a main of its
// own for local tests (Programmers never calls it).
class Solution {
    private int[][] grid;
    private int rows, cols;
    private static final int[] DR = {1, -1, 0, 0}, DC = {0, 0, 1, -1};

    // {1 if the player to move wins else 0, the moves left}, with both
    // playing well: the winner hurries, the loser stalls.
    private int[] play(int r, int c, int orow, int ocol) {
        // The planted bug: a player whose cell has vanished may still move.
        boolean win = false;
        int best = 0;
        for (int d = 0; d < 4; d++) {
            int nr = r + DR[d], nc = c + DC[d];
            if (nr < 0 || nr >= rows || nc < 0 || nc >= cols || grid[nr][nc] == 0) continue;
            grid[r][c] = 0;
            int[] next = play(orow, ocol, nr, nc);
            grid[r][c] = 1;
            if (next[0] == 0) {
                if (!win || next[1] + 1 < best) best = next[1] + 1;
                win = true;
            } else if (!win) {
                best = Math.max(best, next[1] + 1);
            }
        }
        return new int[] {win ? 1 : 0, best};
    }

    public int solution(int[][] board, int[] aloc, int[] bloc) {
        grid = new int[board.length][];
        for (int i = 0; i < board.length; i++) grid[i] = board[i].clone();
        rows = board.length;
        cols = board[0].length;
        System.out.println("debug: a " + rows + "x" + cols + " board");
        return play(aloc[0], aloc[1], bloc[0], bloc[1])[1];
    }

    public static void main(String[] args) {
        int[][] board = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
        System.out.println(new Solution().solution(board, new int[] {1, 0}, new int[] {1, 2}));
    }
}
