//! Every failure a property test ever found, as a named test with its
//! board in judge format. The seeds proptest saved beside the test files
//! (`tests/<name>.regressions`) are replayed first on every run as well,
//! but a seed only reproduces its case while the strategy is unchanged;
//! these tests keep each case for good.

use game2048::naive::apply_move;
use game2048::search::apply_move_exponents;
use game2048::Move;
use problem_kit::args::Request;
use problem_kit::Options;

/// Checks that the fast answer equals the reference's on `input`, with
/// `moves` as `--moves` when given.
fn agrees(name: &str, input: &str, moves: Option<u64>) {
    let problem = registry::find(name).expect("a registered problem");
    // The flags as a user gives them on the command line.
    let args = moves.map_or_else(Vec::new, |moves| {
        vec!["--moves".into(), moves.to_string().into()]
    });
    let Ok(Request::Run(command)) = problem.parse(args) else {
        panic!("{name} takes --moves");
    };
    let options = command.options;
    let fast = problem
        .answer(input.as_bytes(), &options)
        .expect("an answer");
    let reference = problem
        .naive(input.as_bytes(), &options)
        .expect("a reference answer");
    assert_eq!(fast, reference, "{name} on:\n{input}");
}

#[test]
fn footholds_4x2_with_a_hole_b_above_a() {
    agrees(
        "footholds",
        "[[1, 1], [1, 0], [1, 1], [1, 1]] [3, 0] [1, 0]",
        None,
    );
}

#[test]
fn footholds_full_2x4_players_apart() {
    agrees(
        "footholds",
        "[[1, 1, 1, 1], [1, 1, 1, 1]] [1, 2] [0, 2]",
        None,
    );
}

#[test]
fn footholds_3x5_two_regions() {
    agrees(
        "footholds",
        "[[0, 0, 1, 1, 0], [0, 0, 1, 1, 1], [0, 1, 1, 0, 1]] [0, 3] [0, 2]",
        None,
    );
}

#[test]
fn footholds_1x2_both_players_on_one_cell() {
    agrees("footholds", "[[1, 1]] [0, 0] [0, 0]", None);
}

#[test]
fn game2048_two_8s_in_opposite_corners() {
    agrees("game2048", "3\n8 0 0\n0 0 0\n0 0 8\n", None);
}

#[test]
fn game2048_three_1024s_among_small_tiles_in_3_moves() {
    agrees(
        "game2048",
        "5\n0 0 8 0 0\n1024 2 4 16 0\n2 4 4 0 1024\n0 4 0 4 2\n4 16 4 2 1024\n",
        Some(3),
    );
}

#[test]
fn game2048_two_1024s_side_by_side_in_2_moves() {
    agrees("game2048", "3\n0 2 1024\n1024 0 0\n0 0 0\n", Some(2));
}

#[test]
fn game2048_two_1024s_on_a_diagonal() {
    agrees("game2048", "3\n0 0 0\n1024 0 0\n0 2 1024\n", None);
}

#[test]
fn game2048_two_1024s_a_knight_move_apart() {
    agrees("game2048", "3\n1024 0 0\n2 0 0\n0 1024 0\n", None);
}

#[test]
fn game2048_two_1024s_among_2s_in_2_moves() {
    agrees("game2048", "3\n2 0 0\n1024 0 2\n0 2 1024\n", Some(2));
}

#[test]
fn game2048_exponent_move_up_on_2s_and_a_4() {
    // The case that found a bug in the exponent-board slide: moving up.
    let board = game2048::parse(b"3\n2 2 2\n2 2 2\n2 4 2\n").unwrap();
    let direction = Move::ALL[2];
    let mut cells: Vec<u8> = board
        .cells()
        .iter()
        .map(|&v| v.trailing_zeros() as u8)
        .collect();
    let after = apply_move(&board, direction);
    apply_move_exponents(&mut cells, 3, direction);
    let expected: Vec<u8> = after
        .cells()
        .iter()
        .map(|&v| if v == 0 { 0 } else { v.trailing_zeros() as u8 })
        .collect();
    assert_eq!(cells, expected);
}

#[test]
fn puyo_12x6_stacks_of_two_colours() {
    let rows = [
        "......", "..G...", "..GG..", "..GR..", "..RG..", "..GG..", "..GG..", "..RR..", "..GGR.",
        "..RRG.", "R.GRG.", "GRRGR.",
    ];
    let input = rows.join("\n") + "\n";
    agrees_puyo(&input);
}

#[test]
fn puyo_4x7_garbage_between_colours() {
    let rows = ["RO..G..", "GG..G..", "GG..RRG", "GRG.RRG"];
    agrees_puyo(&(rows.join("\n") + "\n"));
}

/// Puyo's fast engines against the reference (with `--settle`, which
/// leaves a settled field as it is).
fn agrees_puyo(input: &str) {
    let problem = registry::find("puyo").expect("puyo is registered");
    let options = Options::new(puyo::contract::Flags { settle: true });
    let fast = problem
        .answer(input.as_bytes(), &options)
        .expect("an answer");
    let reference = problem
        .naive(input.as_bytes(), &options)
        .expect("a reference answer");
    assert_eq!(fast, reference, "puyo --settle on:\n{input}");
    let field = puyo::parse(input.as_bytes(), puyo::Floating::Settle).unwrap();
    assert_eq!(
        puyo::columns::chain_count(&field),
        puyo::naive::chain_count(&field)
    );
}
