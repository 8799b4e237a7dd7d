//! Writes the constructed one-column chain field (`links + 1` chains) with
//! `filler` never-popping columns beside it: `gen_puyo_chain LINKS FILLER`.
fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let links = args.next().unwrap_or(200);
    let filler = args.next().unwrap_or(7);
    print!(
        "{}",
        puyo::field::field_to_string(&grid_games::puyo_fields::column_chain(links, filler))
    );
}
