use super::*;

#[test]
fn sizes_start_small_and_reach_the_largest() {
    let sizes: Vec<usize> = (0..10).map(|k| search_size(k, 12)).collect();
    assert_eq!(sizes, [1, 1, 2, 1, 2, 3, 1, 2, 3, 4]);
    assert!((0..200)
        .map(|k| search_size(k, 5))
        .all(|s| (1..=5).contains(&s)));
    assert!((0..200).any(|k| search_size(k, 5) == 5));
    assert_eq!(search_size(1000, 1), 1);
}

#[test]
fn the_real_solvers_agree_with_their_references() {
    for problem in registry::ALL {
        let plan = Search {
            problem: *problem,
            contestant: Contestant::Workspace,
            // No program runs: the workspace's solvers answer in
            // this process.
            limits: Limits {
                time: Duration::from_secs(1),
                memory: 1 << 30,
                output: 1 << 20,
                address_space: None,
                file_size: None,
            },
            scratch: Path::new("/nonexistent"),
            first_seed: 7,
            largest_size: 3,
            spaces: vec![Space::Judge, Space::Beyond],
            time: Duration::from_millis(300),
            jobs: 2,
            shrink_fresh: None,
            progress: None,
        };
        let report = search(&plan);
        assert!(
            report.failure.is_none(),
            "{}: {:?}",
            problem.info().name,
            report.failure
        );
        assert!(report.passed > 0);
    }
}
