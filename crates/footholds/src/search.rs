//! The fast exact solver: negamax with alpha-beta over bitboards, a
//! transposition table, move ordering by territory, and an exact endgame once
//! the players are separated.
//!
//! # Scores
//!
//! Every move removes exactly one foothold (the one left behind), so the
//! number of moves made so far, the ply, follows from the board. A position
//! whose mover loses when the game ends at ply `p` scores `−(K − p)`; one
//! whose mover wins at ply `p` scores `K − p`, with `K` above any ply. Both
//! players then simply maximise their score: the winner wants the smallest
//! `p`, the loser the largest. Scores are absolute (they do not depend on the
//! path to a position), so the transposition table can share them freely.
//!
//! # The table
//!
//! Keyed on the live position: the footholds either player can still reach,
//! and the two cells. Footholds cut off from both players can never matter
//! again, and leaving them out of the key is what makes positions
//! transpose: two lines of play that wall off different pockets, or leave
//! the same cells by different trails, often meet in the same live region.
//! On the hardest full 8 × 8 starts that cut the positions searched by more
//! than half. The same live position can come at different plies, so the
//! table keeps scores counted from the position rather than from the start
//! (see `relative`). The full key is stored and compared, under a
//! well-mixed hash. A value found with a narrowed window is stored as the
//! bound it is (lower after a cut-off, upper when nothing beat alpha), never
//! as an exact score. Positions with few footholds left skip the table
//! ([`TABLE_FROM_FOOTHOLDS`]).
//!
//! # Symmetric positions
//!
//! On a board with even sides, a position that the half turn maps onto
//! itself (the footholds, and each player onto the other) is lost for the
//! mover: the other player answers every move with its image. The search
//! cuts there whenever the mover needs a win (see `Solver::mirrored`).

use crate::bitboard::{pop_lowest, Geometry};
use crate::endgame::Endgame;
use crate::game::Game;
use crate::ordering::{order_moves, Candidate};
use crate::table::{Bound, Entry, Table};
use grid::budget::WorkLimit;

/// A score larger than any ply (boards have at most 64 cells).
pub(crate) const K: i32 = 100;
const INFINITY: i32 = 1_000;

/// Positions with at most this many footholds left skip the table. Their
/// subtrees are small enough to search again, and the flood fill that finds
/// their live region (the table's key) costs more than the table saves: from
/// 3 × 3 to 5 × 5 boards it made the search 10–15% slower, and on the
/// hardest full boards it is even.
pub const TABLE_FROM_FOOTHOLDS: u32 = 16;

/// The work budget the binary gives one input, in positions searched
/// (nodes of the game tree and steps of the endgame's longest-walk search,
/// together): about ten seconds on this project's machine. The hardest full
/// boards known take under a fortieth of it (5 million); the judge's
/// 5 × 5 boards need a few thousand. (It was 2^28 while a position cost
/// less work; the live-region table makes each costlier and far fewer.)
pub const WORK_LIMIT: WorkLimit = WorkLimit {
    amount: 200_000_000,
    unit: "positions searched",
    about: "about ten seconds",
};

/// A search that used up its work budget before it could finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget {
    /// The budget it was given.
    pub budget: u64,
}

/// The work (positions searched, about 12 ms) past which the root's first
/// test counts as costly, and the root stops relying on plain MTD(f): a
/// lost root climbs to its value from below, and a won one skips a score in
/// its next test. The judge's boards and other cheap roots stay below it.
/// See `root_value`.
pub const COSTLY_AFTER_WORK: u64 = 1 << 18;

/// The total number of moves under optimal play, A moving first.
pub fn solve(game: &Game) -> u32 {
    solve_within(game, u64::MAX).map_or(0, |(moves, _)| moves)
}

/// [`solve`] within a budget of `budget` positions searched; returns the
/// answer and the work it took, or [`OutOfBudget`] rather than a guess.
pub fn solve_within(game: &Game, budget: u64) -> Result<(u32, u64), OutOfBudget> {
    solve_tuned(game, budget, Tuning::default())
}

/// The search's two switches, which change how fast it is but never its
/// answer: the tests force each both ways on boards too small to reach
/// them otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// The cost past which the root leaves plain MTD(f)
    /// ([`COSTLY_AFTER_WORK`]): 0 always does, `u64::MAX` only for
    /// mirrored starts (see `Solver::mirrored`).
    pub costly_after: u64,
    /// Positions with more footholds than this use the table
    /// ([`TABLE_FROM_FOOTHOLDS`]): 0 for every position.
    pub table_from_footholds: u32,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            costly_after: COSTLY_AFTER_WORK,
            table_from_footholds: TABLE_FROM_FOOTHOLDS,
        }
    }
}

/// [`solve_within`] with the switches set by `tuning`.
pub fn solve_tuned(game: &Game, budget: u64, tuning: Tuning) -> Result<(u32, u64), OutOfBudget> {
    let mut solver = Solver::new(game);
    solver.budget = budget;
    solver.table_from = tuning.table_from_footholds;
    let score = solver.root_value(tuning.costly_after);
    if solver.exhausted() {
        return Err(OutOfBudget { budget });
    }
    Ok((plies_of(score), solver.work()))
}

/// The least size of a real score: a game ends by ply 63 (boards have at
/// most 64 cells). Bounds between `-REAL` and `REAL` say only who wins.
const REAL: i32 = K - 64;

/// A score at `ply` as the table keeps it, counted from the position rather
/// than from the start (`K − r` for a win `r` plies on, `−(K − r)` for a
/// loss), so that a position reached at another ply can use it. A bound
/// that says only who wins becomes 0, which says the same at every ply.
fn relative(score: i32, ply: i32) -> i32 {
    if score >= REAL {
        score + ply
    } else if score <= -REAL {
        score - ply
    } else {
        0
    }
}

/// The score at `ply` of a score the table keeps (see [`relative`]).
fn absolute(kept: i32, ply: i32) -> i32 {
    match kept.signum() {
        1 => kept - ply,
        -1 => kept + ply,
        _ => 0,
    }
}

/// Whether a board of `cells` cells is its own image under the half turn
/// (cell `i` goes to `cells − 1 − i`), footholds and players, one player on
/// the other's image.
fn half_turn_symmetric(board: u64, mover: usize, other: usize, cells: usize) -> bool {
    mover + other + 1 == cells && board.reverse_bits() >> (64 - cells) == board
}

/// The ply at which a game with this (root) score ends.
fn plies_of(score: i32) -> u32 {
    if score > 0 {
        (K - score) as u32
    } else {
        (K + score) as u32
    }
}

/// A move of a line of play: the player (0 for A, 1 for B), its cell
/// before the move, and its cell after.
pub type Step = (usize, usize, usize);

/// One optimal line of play: the moves `(player, from, to)` in order
/// (player 0 is A), and whether A wins; [`OutOfBudget`] when finding it
/// takes more than `budget` positions searched.
pub fn principal_line(game: &Game, budget: u64) -> Result<(Vec<Step>, bool), OutOfBudget> {
    principal_line_within(game, budget).map(|(line, a_wins, _)| (line, a_wins))
}

/// One optimal line of play and whether A wins (see [`principal_line`]).
pub type Line = (Vec<Step>, bool);

/// [`principal_line`], and the work it took (positions searched), so that
/// several games can share one budget.
pub fn principal_line_within(
    game: &Game,
    budget: u64,
) -> Result<(Vec<Step>, bool, u64), OutOfBudget> {
    let mut solver = Solver::new(game);
    solver.budget = budget;
    let (mut board, mut mover, mut other) = (solver.start_board, solver.start_a, solver.start_b);
    let root = solver.root_value(COSTLY_AFTER_WORK);
    let mut line = Vec::new();
    let mut player = 0;
    let mut expected = root;
    loop {
        if board & (1 << mover) == 0 {
            break;
        }
        let moves = solver.geometry.adjacent[mover] & board;
        if moves == 0 {
            break;
        }
        // Find a move whose exact value keeps the score.
        let mut rest = moves;
        let mut chosen = None;
        while rest != 0 {
            let (next, remaining) = pop_lowest(rest);
            rest = remaining;
            let child = board & !(1 << mover);
            let value = -solver.value(child, other, next, -INFINITY, INFINITY);
            if solver.exhausted() {
                return Err(OutOfBudget { budget });
            }
            if value == expected {
                chosen = Some((next, child));
                break;
            }
        }
        let Some((next, child)) = chosen else { break };
        line.push((player, mover, next));
        board = child;
        mover = other;
        other = next;
        player = 1 - player;
        expected = -expected;
    }
    if solver.exhausted() {
        return Err(OutOfBudget { budget });
    }
    Ok((line, root > 0, solver.work()))
}

struct Solver {
    geometry: Geometry,
    start_board: u64,
    start_a: usize,
    start_b: usize,
    /// Footholds at the start: the ply is this minus the footholds left.
    start_count: i32,
    /// Positions with more footholds than this use the table.
    table_from: u32,
    /// Whether positions can be symmetric under the half turn (see
    /// [`Solver::mirrored`]): the board has even sides, and the start is.
    mirror: bool,
    table: Table,
    /// The separated endgame, with its memo of longest walks.
    endgame: Endgame,
    /// Game-tree nodes visited, and the most positions (nodes and endgame
    /// steps) the search may visit.
    nodes: u64,
    budget: u64,
}

impl Solver {
    fn new(game: &Game) -> Self {
        let geometry = Geometry::new(game.height, game.width);
        let mut board = 0u64;
        for (i, &foothold) in game.cells.iter().enumerate() {
            if foothold {
                board |= 1 << i;
            }
        }
        Solver {
            endgame: Endgame::new(),
            geometry,
            start_board: board,
            start_a: game.a,
            start_b: game.b,
            start_count: board.count_ones() as i32,
            table_from: TABLE_FROM_FOOTHOLDS,
            mirror: game.height % 2 == 0
                && game.width % 2 == 0
                && half_turn_symmetric(board, game.a, game.b, game.height * game.width),
            table: Table::new(),
            nodes: 0,
            budget: u64::MAX,
        }
    }

    /// Positions searched so far: game-tree nodes and endgame steps.
    fn work(&self) -> u64 {
        self.nodes + self.endgame.steps()
    }

    /// Whether the search has used up its budget.
    fn exhausted(&self) -> bool {
        self.work() > self.budget
    }

    /// The exact score of the starting position.
    ///
    /// The first search is a null window that asks only whether A wins. From
    /// its bound, MTD(f) closes in on the value with more null-window
    /// searches, each asking whether the score is at least some `beta`.
    /// Each such search proves the value only a little past its `beta`: the
    /// cut-off it finds is the first good enough move, not the best, so the
    /// bound moves one possible score (two plies) a pass.
    ///
    /// Roots whose first search cost more than `costly_after` positions
    /// (and mirrored roots, see [`Solver::mirrored`], whose first search
    /// is free and says nothing of the length) are driven differently,
    /// because the passes that prove a weak claim are the costliest of all:
    /// they let the winner take slow wins, whose proofs are large. From
    /// (0,1) and (5,6) on the full 8 × 8 board, which B wins at ply 56,
    /// "B wins by ply 60" took 2.3 M positions, where "A survives to ply 54"
    /// took 0.1 M and the two tests that settle 56 took 1.1 M each.
    ///
    /// - A lost root climbs from below: its first test asks whether A
    ///   survives three possible scores (six plies) short of the first
    ///   bound. Proving that the loser survives a little less than it can
    ///   is cheap; a test that fails above the value proves a weak claim.
    /// - A won root's next test skips one possible score (asks for a win
    ///   two plies sooner than the first bound).
    ///
    /// Both are heuristics over the same exact tests; the property tests
    /// check both drivers against the naive solver.
    fn root_value(&mut self, costly_after: u64) -> i32 {
        let (board, a, b) = (self.start_board, self.start_a, self.start_b);
        let first = self.value(board, a, b, 0, 1);
        if self.exhausted() {
            return first;
        }
        let costly = self.work() > costly_after || self.mirror;
        let (mut lower, mut upper) = if first >= 1 {
            (first, INFINITY)
        } else {
            (-INFINITY, first)
        };
        let mut guess = first;
        if costly && first < 1 {
            guess = first - 6;
        }
        let mut skip = costly && first >= 1;
        while lower < upper && !self.exhausted() {
            let mut beta = if guess == lower { guess + 1 } else { guess };
            if skip {
                beta = lower + 3;
                skip = false;
            }
            guess = self.value(board, a, b, beta - 1, beta);
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
        }
        guess
    }

    /// The score for the mover on `mover`, the other player on `other`, with
    /// footholds `board`, searched within the window `(alpha, beta)`.
    fn value(&mut self, board: u64, mover: usize, other: usize, alpha: i32, beta: i32) -> i32 {
        self.value_of(board, mover, other, alpha, beta, 0)
    }

    /// [`Solver::value`], told the live region when the parent already knows
    /// it (0: not known): the footholds the two players reach, who are then
    /// connected. The parent's territory count finds it, or the parent's
    /// region less the cell it left, when that cell was no cut; the flood
    /// fill that would find it again is among the costliest steps of a
    /// node. It must be exact, since it is the table's key. (Below the
    /// table's threshold a connected position may pass 0 on: there only
    /// separation is checked, by a flood fill that stops early.)
    fn value_of(
        &mut self,
        board: u64,
        mover: usize,
        other: usize,
        mut alpha: i32,
        mut beta: i32,
        known_region: u64,
    ) -> i32 {
        // Past the budget every value is 0 and meaningless: the callers
        // check `exhausted` and report it instead of an answer.
        self.nodes += 1;
        if self.exhausted() {
            return 0;
        }
        let ply = self.start_count - board.count_ones() as i32;
        // A vanished cell or no move: the mover loses now.
        if board & (1 << mover) == 0 {
            return -(K - ply);
        }
        let moves = self.geometry.adjacent[mover] & board;
        if moves == 0 {
            return -(K - ply);
        }
        // Win in one: stepping off a shared cell drops the other player, and
        // the other's moves after ours do not depend on where we go.
        let after = board & !(1 << mover);
        if mover == other || self.geometry.adjacent[other] & after == 0 {
            return K - (ply + 1);
        }
        // In a position symmetric under the half turn the mover loses, at
        // the latest once every foothold left is used: a mover that needs
        // more than that fails low here.
        if self.mirror && self.mirrored(board, mover, other) {
            let latest_loss = -(K - (ply + board.count_ones() as i32));
            if latest_loss <= alpha {
                return latest_loss;
            }
        }
        // Separated players each walk their own region.
        let use_table = board.count_ones() > self.table_from;
        let region = if known_region != 0 {
            known_region
        } else if !use_table && self.geometry.connected(1 << mover, 1 << other, board) {
            // Without the table only separation matters, and a flood fill
            // that stops at the other player tells it sooner.
            0
        } else {
            self.geometry.flood(1 << mover, board)
        };
        if region != 0 && region & (1 << other) == 0 {
            return self
                .endgame
                .separated(&self.geometry, board, (mover, region), other, ply);
        }

        let key = Entry::key(mover, other);
        let slot = use_table.then(|| self.table.slot(region, mover, other));
        // The subtree's size, in game-tree nodes, decides what the table keeps.
        let nodes_before = self.nodes;
        let mut hint = None;
        let entry = slot.map_or_else(Entry::default, |slot| self.table.get(slot, region, key));
        if entry.matches(region, key) {
            let score = absolute(entry.score(), ply);
            match entry.bound() {
                Bound::Exact => return score,
                Bound::Lower => alpha = alpha.max(score),
                Bound::Upper => beta = beta.min(score),
            }
            if alpha >= beta {
                return score;
            }
            // A move that failed low like all the others is no hint.
            if entry.bound() != Bound::Upper {
                hint = entry.best_move();
            }
        }
        // No win in one, so the best is a win three plies on; a loss comes
        // two plies on at the earliest. Narrow the window to what is possible.
        let best_possible = K - (ply + 3);
        if alpha >= best_possible {
            return best_possible;
        }
        beta = beta.min(best_possible);

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = 0;
        let mut ordered = [Candidate::default(); 4];
        let count = order_moves(&self.geometry, after, moves, other, hint, &mut ordered);
        // The players are connected here, and stay so after any move if the
        // cell the mover leaves is no cut between its neighbours.
        let stays_connected = ordered[..count].iter().any(|c| c.region == 0)
            && self.geometry.keeps_connected(mover, after);
        for (index, candidate) in ordered[..count].iter().enumerate() {
            let next = candidate.cell;
            let connected = if candidate.region != 0 {
                candidate.region
            } else if stays_connected && region != 0 {
                region & !(1 << mover)
            } else {
                0
            };
            // The other player surely makes `other_walk` moves after this
            // one, so a win through it comes no sooner than that allows.
            let upper = K - (ply + 1 + 2 * candidate.other_walk as i32);
            if upper <= alpha {
                best = best.max(upper);
                continue;
            }
            // Principal variation search: the first move gets the full window,
            // the others a null window first, and a re-search only if they
            // might be better.
            let mut score;
            if index == 0 {
                score = -self.value_of(after, other, next, -beta, -alpha, connected);
            } else {
                score = -self.value_of(after, other, next, -alpha - 1, -alpha, connected);
                if score > alpha && score < beta {
                    score = -self.value_of(after, other, next, -beta, -alpha, connected);
                }
            }
            if score > best {
                best = score;
                best_move = next;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if let Some(slot) = slot {
            self.table.store(
                slot,
                Entry::new(
                    region,
                    key,
                    relative(best, ply),
                    bound,
                    best_move,
                    self.nodes - nodes_before,
                ),
            );
        }
        best
    }

    /// Whether the position is its own image under the half turn, the other
    /// player on the mover's image. The other player then wins by answering
    /// each move with its image (the Tweedledum and Tweedledee strategy): on
    /// a board with even sides no cell is its own image or next to it, so
    /// the image of the mover's step is always a foothold next to the other
    /// player, and the other player never runs out of moves first.
    fn mirrored(&self, board: u64, mover: usize, other: usize) -> bool {
        let cells = self.geometry.height * self.geometry.width;
        half_turn_symmetric(board, mover, other, cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{assert_official_samples, game};

    fn answer(text: &str) -> u32 {
        solve(&game(text))
    }

    #[test]
    fn official_samples() {
        assert_official_samples(solve);
    }

    #[test]
    fn separated_endgame() {
        // A walks 1, B walks 1: A runs out first and loses after 2 moves.
        assert_eq!(answer("[[1, 1, 0, 1, 1]] [0, 0] [0, 3]"), 2);
        // A walks 2, B walks 1: A wins after 2·1 + 1 = 3 moves.
        assert_eq!(answer("[[1, 1, 1, 0, 1, 1]] [0, 0] [0, 4]"), 3);
    }

    #[test]
    fn relative_scores_move_with_the_ply() {
        // A win 5 plies on, kept at ply 10 and read at ply 14.
        assert_eq!(absolute(relative(K - 15, 10), 14), K - 19);
        // A loss 6 plies on, likewise.
        assert_eq!(absolute(relative(-(K - 16), 10), 14), -(K - 20));
        // Scores never come between -REAL and REAL, but bounds can: those
        // say only who wins, and stay on their side of 0 at every ply.
        for bound in [-REAL + 1, -1, 1, REAL - 1] {
            assert_eq!(absolute(relative(bound, 10), 50), 0);
        }
        // Every real score round-trips at the same ply.
        for ply in 0..64 {
            for score in (REAL..=K - ply).chain(-(K - ply)..=-REAL) {
                assert_eq!(absolute(relative(score, ply), ply), score);
            }
        }
    }

    #[test]
    fn mirrored_needs_the_board_and_the_players_to_be_images() {
        // A 2 × 4 board: cell i's image is 7 − i.
        let solver = Solver::new(&game("[[1, 1, 1, 1], [1, 1, 1, 1]] [0, 0] [1, 3]"));
        assert!(solver.mirror);
        let full = 0b1111_1111;
        assert!(solver.mirrored(full, 0, 7));
        assert!(solver.mirrored(full & !(1 << 1) & !(1 << 6), 2, 5));
        // Players on images, but a trail without its image.
        assert!(!solver.mirrored(full & !(1 << 1), 2, 5));
        // A symmetric board, but players that are not images.
        assert!(!solver.mirrored(full, 0, 6));
        // Odd sides: the centre cell is its own image, and the rule is off.
        let odd = Solver::new(&game("[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [0, 0] [2, 2]"));
        assert!(!odd.mirror);
        // A start that is not symmetric leaves it off too.
        let lopsided = Solver::new(&game("[[1, 1, 1, 1], [1, 1, 1, 1]] [0, 0] [1, 2]"));
        assert!(!lopsided.mirror);
    }

    #[test]
    fn path_bound_counts_colours() {
        let solver = Solver::new(&game("[[1, 1, 1]] [0, 0] [0, 0]"));
        // From cell 0 over cells 1 and 2: other colour 1, same colour 1: 2 moves.
        assert_eq!(Endgame::path_bound(&solver.geometry, 0b110, 0), 2);
        // From cell 1 over cells 0 and 2 (both the other colour): 1 move.
        assert_eq!(Endgame::path_bound(&solver.geometry, 0b101, 1), 1);
    }
}
