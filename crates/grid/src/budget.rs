//! Work limits: how much work a solver may do on one input before it stops
//! with an error instead of running on.
//!
//! An engine whose cost can grow far past its input's size counts its work
//! in its own unit (positions searched, cells read or slid, cells looked
//! at) against a [`WorkLimit`], written once with its figure. The error for
//! an input that needs more is made from the limit ([`WorkLimit::exceeded`]),
//! so the message always states the figure the code enforces, and it is an
//! error of its own kind ([`crate::input::Refusal::WorkLimit`]): the input
//! is fine, the work is too much. A [`Budget`] shares one limit among the
//! parts of an input (a footholds input's games).

use crate::input::InputError;

/// A limit on one input's work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkLimit {
    /// How much work: the count of `unit`.
    pub amount: u64,
    /// What is counted, in the plural: `cells read or slid`.
    pub unit: &'static str,
    /// About how long that takes on the project's machine, for the message:
    /// `about four seconds`.
    pub about: &'static str,
}

impl WorkLimit {
    /// The limit as words: `2^32 cells read or slid (about four seconds)`.
    pub fn describe(&self) -> String {
        let amount = if self.amount.is_power_of_two() && self.amount >= 1 << 10 {
            format!("2^{}", self.amount.trailing_zeros())
        } else {
            grouped(self.amount)
        };
        format!("{amount} {} ({})", self.unit, self.about)
    }

    /// The error for a valid input that needs more work than this limit:
    /// `what` needs more than the limit, then `advice`.
    pub fn exceeded(&self, what: &str, advice: &str) -> InputError {
        let mut message = format!(
            "{what} needs more than the work limit of {}",
            self.describe()
        );
        if !advice.is_empty() {
            message.push_str("; ");
            message.push_str(advice);
        }
        InputError::work_limit(message)
    }
}

/// A number with its thousands grouped: `200,000,000`.
fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The work left under a limit, shared by the parts of one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    limit: WorkLimit,
    left: u64,
}

impl Budget {
    /// The whole of `limit`.
    pub fn new(limit: WorkLimit) -> Self {
        Budget {
            limit,
            left: limit.amount,
        }
    }

    /// The limit this budget was made from.
    pub fn limit(&self) -> &WorkLimit {
        &self.limit
    }

    /// The work left.
    pub fn left(&self) -> u64 {
        self.left
    }

    /// Takes `work` from what is left (never below nothing).
    pub fn spend(&mut self, work: u64) {
        self.left -= work.min(self.left);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Refusal;

    #[test]
    fn limits_describe_their_figure_and_make_their_error() {
        let slides = WorkLimit {
            amount: 1 << 32,
            unit: "cells read or slid",
            about: "about four seconds",
        };
        assert_eq!(
            slides.describe(),
            "2^32 cells read or slid (about four seconds)"
        );
        let positions = WorkLimit {
            amount: 200_000_000,
            unit: "positions searched",
            about: "about ten seconds",
        };
        assert_eq!(
            positions.describe(),
            "200,000,000 positions searched (about ten seconds)"
        );
        let error = positions.exceeded("this input", "split it");
        assert_eq!(error.kind, Refusal::WorkLimit);
        assert_eq!(
            error.message,
            "this input needs more than the work limit of 200,000,000 positions searched \
             (about ten seconds); split it"
        );
        let mut budget = Budget::new(positions);
        budget.spend(150_000_000);
        budget.spend(100_000_000);
        assert_eq!(budget.left(), 0);
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
    }
}
