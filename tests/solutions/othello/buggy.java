import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

// SWEA's form: a public class Solution with a main that reads every case.
public class Solution {
    static final int[][] DIRECTIONS = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder all = new StringBuilder();
        for (String line = in.readLine(); line != null; line = in.readLine()) all.append(line).append(' ');
        StringTokenizer tokens = new StringTokenizer(all.toString());
        int cases = Integer.parseInt(tokens.nextToken());
        StringBuilder out = new StringBuilder();
        for (int t = 1; t <= cases; t++) {
            int n = Integer.parseInt(tokens.nextToken());
            int m = Integer.parseInt(tokens.nextToken());
            int[][] board = new int[n + 1][n + 1];
            int half = n / 2;
            board[half][half] = board[half + 1][half + 1] = 2;
            board[half][half + 1] = board[half + 1][half] = 1;
            for (int k = 0; k < m; k++) {
                int x = Integer.parseInt(tokens.nextToken());
                int y = Integer.parseInt(tokens.nextToken());
                int colour = Integer.parseInt(tokens.nextToken());
                board[x][y] = colour;
                for (int[] d : DIRECTIONS) {
                    int cx = x + d[0], cy = y + d[1], run = 0;
                    while (cx >= 1 && cx <= n && cy >= 1 && cy <= n && board[cx][cy] == 3 - colour) {
                        cx += d[0];
                        cy += d[1];
                        run++;
                    }
                    // The planted bug: a run flips when it ends on a player's stone
                    // or at the edge, the edge taken as closing it.
                    boolean inside = cx >= 1 && cx <= n && cy >= 1 && cy <= n;
                    if (run > 0 && (!inside || board[cx][cy] == colour)) {
                        for (int s = 1; s <= run; s++) board[x + s * d[0]][y + s * d[1]] = colour;
                    }
                }
            }
            int black = 0, white = 0;
            for (int[] row : board)
                for (int cell : row) {
                    if (cell == 1) black++;
                    if (cell == 2) white++;
                }
            out.append('#').append(t).append(' ').append(black).append(' ').append(white).append('\n');
        }
        System.out.print(out);
    }
}
