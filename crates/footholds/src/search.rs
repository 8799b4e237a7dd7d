//! The fast exact solver: negamax with alpha-beta over bitboards, a
//! transposition table, move ordering by territory, and an exact endgame once
//! the players are separated.
//!
//! Scores count the ply at which the game ends, from the start (see
//! [`crate::score`]); the table keeps them counted from the position.
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

use crate::bitboard::Geometry;
use crate::endgame::Endgame;
use crate::game::Game;
use crate::ordering::{order_moves, Candidate};
use crate::score::{absolute, loss_at, plies_of, relative, win_at, INFINITY};
use crate::table::{Bound, Entry, Table};
use grid::budget::WorkLimit;

/// Positions with at most this many footholds left skip the table. Their
/// subtrees are small enough to search again, and the flood fill that finds
/// their live region (the table's key) costs more than the table saves: from
/// 3 × 3 to 5 × 5 boards it made the search 10–15% slower, and on the
/// hardest full boards it is even.
pub const TABLE_FROM_FOOTHOLDS: u32 = 16;

/// The work budget the binary gives one input, in positions searched
/// (nodes of the game tree and steps of the endgame's longest-walk search,
/// together): about ten seconds on this project's machine. The hardest full
/// boards known take under a twentieth of it (5 million); the judge's
/// 5 × 5 boards need a few thousand. The count follows from the time: with
/// the flood fills that key the live-region table, a position of a long
/// input of hard games costs up to 100 ns on the machine when it is busy
/// (an input of 4,096 full 8 × 8 games took 21 s of processor time for
/// 2 × 10^8 positions), so ten seconds buy 10^8.
pub const WORK_LIMIT: WorkLimit = WorkLimit {
    amount: 100_000_000,
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

/// Whether a board of `cells` cells is its own image under the half turn
/// (cell `i` goes to `cells − 1 − i`), footholds and players, one player on
/// the other's image.
fn half_turn_symmetric(board: u64, mover: usize, other: usize, cells: usize) -> bool {
    mover + other + 1 == cells && board.reverse_bits() >> (64 - cells) == board
}

/// A move of a line of play: the player (0 for A, 1 for B), its cell
/// before the move, and its cell after.
#[cfg(feature = "contract")]
pub type Step = (usize, usize, usize);

/// One optimal line of play: the moves `(player, from, to)` in order
/// (player 0 is A), and whether A wins; [`OutOfBudget`] when finding it
/// takes more than `budget` positions searched.
#[cfg(feature = "contract")]
pub fn principal_line(game: &Game, budget: u64) -> Result<(Vec<Step>, bool), OutOfBudget> {
    principal_line_within(game, budget).map(|(line, a_wins, _)| (line, a_wins))
}

/// One optimal line of play and whether A wins (see [`principal_line`]).
#[cfg(feature = "contract")]
pub type Line = (Vec<Step>, bool);

/// [`principal_line`], and the work it took (positions searched), so that
/// several games can share one budget.
#[cfg(feature = "contract")]
pub fn principal_line_within(
    game: &Game,
    budget: u64,
) -> Result<(Vec<Step>, bool, u64), OutOfBudget> {
    use crate::bitboard::pop_lowest;
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

/// Where the players stand: apart, the mover's region given, or together,
/// their live region given when it is known.
enum Region {
    Apart(u64),
    Together(Option<u64>),
}

/// What the table says of a position.
enum Probe {
    /// Its score, within the window.
    Known(i32),
    /// To be searched, in this window, this move first if any.
    Search {
        alpha: i32,
        beta: i32,
        hint: Option<usize>,
    },
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
        self.value_of(board, mover, other, alpha, beta, None)
    }

    /// [`Solver::value`], told the live region when the parent already knows
    /// it: the footholds the two players reach, who are then connected. The
    /// parent's territory count finds it, or the parent's region less the
    /// cell it left, when that cell was no cut; the flood fill that would
    /// find it again is among the costliest steps of a node. It must be
    /// exact, since it is the table's key.
    ///
    /// A node, in order: the budget; the ends it can see at once
    /// ([`Solver::settled`]); the half-turn cut ([`Solver::mirror_cut`]);
    /// the live region, and the endgame when the players are apart
    /// ([`Solver::live_region`]); the table ([`Solver::probe`]); the moves
    /// ([`Solver::best_move`]); and what the table keeps.
    fn value_of(
        &mut self,
        board: u64,
        mover: usize,
        other: usize,
        alpha: i32,
        beta: i32,
        known_region: Option<u64>,
    ) -> i32 {
        // Past the budget every value is 0 and meaningless: the callers
        // check `exhausted` and report it instead of an answer.
        self.nodes += 1;
        if self.exhausted() {
            return 0;
        }
        let ply = self.start_count - board.count_ones() as i32;
        if let Some(score) = self.settled(board, mover, other, ply) {
            return score;
        }
        if let Some(score) = self.mirror_cut(board, mover, other, ply, alpha) {
            return score;
        }
        let use_table = board.count_ones() > self.table_from;
        let region = match self.live_region(board, mover, other, use_table, known_region) {
            Region::Apart(region) => {
                return self
                    .endgame
                    .separated(&self.geometry, board, (mover, region), other, ply)
            }
            Region::Together(region) => region,
        };
        let slot = match (use_table, region) {
            (true, Some(region)) => Some(self.table.slot(region, mover, other)),
            _ => None,
        };
        let key = Entry::key(mover, other);
        let (alpha, beta, hint) = match self.probe(slot, region, key, ply, alpha, beta) {
            Probe::Known(score) => return score,
            Probe::Search { alpha, beta, hint } => (alpha, beta, hint),
        };
        // The subtree's size, in game-tree nodes, decides what the table keeps.
        let nodes_before = self.nodes;
        let (best, best_move) = self.best_move(board, mover, other, ply, alpha, beta, region, hint);
        if let (Some(slot), Some(region)) = (slot, region) {
            let bound = if best <= alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let work = self.nodes - nodes_before;
            let entry = Entry::new(region, key, relative(best, ply), bound, best_move, work);
            self.table.store(slot, entry);
        }
        best
    }

    /// The score of a position whose end is in sight without a search: the
    /// mover stands on a vanished cell or has no move (a loss now), or wins
    /// in one (stepping off a shared cell drops the other player, and
    /// otherwise the other's moves after ours do not depend on where we
    /// go).
    #[inline]
    fn settled(&self, board: u64, mover: usize, other: usize, ply: i32) -> Option<i32> {
        if board & (1 << mover) == 0 || self.geometry.adjacent[mover] & board == 0 {
            return Some(loss_at(ply));
        }
        let after = board & !(1 << mover);
        if mover == other || self.geometry.adjacent[other] & after == 0 {
            return Some(win_at(ply + 1));
        }
        None
    }

    /// In a position symmetric under the half turn the mover loses, at the
    /// latest once every foothold left is used: a mover that needs more
    /// than that (`alpha`) fails low here.
    #[inline]
    fn mirror_cut(
        &self,
        board: u64,
        mover: usize,
        other: usize,
        ply: i32,
        alpha: i32,
    ) -> Option<i32> {
        if !self.mirror || !self.mirrored(board, mover, other) {
            return None;
        }
        let latest_loss = loss_at(ply + board.count_ones() as i32);
        (latest_loss <= alpha).then_some(latest_loss)
    }

    /// Whether the players are apart (each then walks its own region, the
    /// mover's given) or together, with their live region when it is known.
    /// Below the table's threshold only separation matters, and a flood fill
    /// that stops at the other player tells it sooner: the region of a
    /// connected position is then left unknown.
    #[inline]
    fn live_region(
        &self,
        board: u64,
        mover: usize,
        other: usize,
        use_table: bool,
        known: Option<u64>,
    ) -> Region {
        let region = match known {
            Some(region) => region,
            None if !use_table && self.geometry.connected(1 << mover, 1 << other, board) => {
                return Region::Together(None)
            }
            None => self.geometry.flood(1 << mover, board),
        };
        if region & (1 << other) == 0 {
            Region::Apart(region)
        } else {
            Region::Together(Some(region))
        }
    }

    /// What the table knows of the position: enough to answer it, or a
    /// narrower window and a move to try first. Without a win in one the
    /// best is a win three plies on, and the window is narrowed to that too.
    #[inline]
    fn probe(
        &self,
        slot: Option<usize>,
        region: Option<u64>,
        key: u64,
        ply: i32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Probe {
        let mut hint = None;
        if let (Some(slot), Some(region)) = (slot, region) {
            let entry = self.table.get(slot, region, key);
            if entry.matches(region, key) {
                let score = absolute(entry.score(), ply);
                match entry.bound() {
                    Bound::Exact => return Probe::Known(score),
                    Bound::Lower => alpha = alpha.max(score),
                    Bound::Upper => beta = beta.min(score),
                }
                if alpha >= beta {
                    return Probe::Known(score);
                }
                // A move that failed low like all the others is no hint.
                if entry.bound() != Bound::Upper {
                    hint = entry.best_move();
                }
            }
        }
        let best_possible = win_at(ply + 3);
        if alpha >= best_possible {
            return Probe::Known(best_possible);
        }
        Probe::Search {
            alpha,
            beta: beta.min(best_possible),
            hint,
        }
    }

    /// The best score over the mover's moves, and the move that gives it, by
    /// principal variation search over the moves in territory order: the
    /// first gets the full window, the others a null window first, and a
    /// second search only if they might be better. A move through which
    /// the other player surely makes so many moves that no win can come in
    /// time is not searched.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn best_move(
        &mut self,
        board: u64,
        mover: usize,
        other: usize,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        region: Option<u64>,
        hint: Option<usize>,
    ) -> (i32, usize) {
        let after = board & !(1 << mover);
        let moves = self.geometry.adjacent[mover] & board;
        let mut ordered = [Candidate::default(); 4];
        let count = order_moves(&self.geometry, after, moves, other, hint, &mut ordered);
        // The players are connected here, and stay so after any move if the
        // cell the mover leaves is no cut between its neighbours.
        let stays_connected = ordered[..count].iter().any(|c| c.region == 0)
            && self.geometry.keeps_connected(mover, after);
        let (mut best, mut best_move) = (-INFINITY, 0);
        for (index, candidate) in ordered[..count].iter().enumerate() {
            let next = candidate.cell;
            let child_region = if candidate.region != 0 {
                Some(candidate.region)
            } else if stays_connected {
                region.map(|region| region & !(1 << mover))
            } else {
                None
            };
            // The other player surely makes `other_walk` moves after this
            // one, so a win through it comes no sooner than that allows.
            let upper = win_at(ply + 1 + 2 * candidate.other_walk as i32);
            if upper <= alpha {
                best = best.max(upper);
                continue;
            }
            let mut score;
            if index == 0 {
                score = -self.value_of(after, other, next, -beta, -alpha, child_region);
            } else {
                score = -self.value_of(after, other, next, -alpha - 1, -alpha, child_region);
                if score > alpha && score < beta {
                    score = -self.value_of(after, other, next, -beta, -alpha, child_region);
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
        (best, best_move)
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
