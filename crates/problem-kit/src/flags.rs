//! A problem's own flags, as a type of its own: each flag a field, read
//! from the command line once, by the parser in [`crate::args`].
//!
//! A problem declares its flags as a [`FlagSet`]: a struct whose `Default`
//! is the judge's setting, and a table of [`Flag`]s, each with its name, its
//! help, its kind and the function that sets its field. Code that needs a
//! flag reads the field; nothing looks a flag up by its name, so a renamed
//! flag cannot fall back to its default unnoticed. The registry and the
//! tools hold a problem's flags without knowing their type, as [`Options`].

use std::any::Any;
use std::fmt::Debug;

/// A problem's own flags.
pub trait FlagSet: Any + Clone + Debug + Default + PartialEq + Send + Sync {
    /// Every flag, with how it is read into the set.
    fn flags() -> &'static [Flag<Self>];
}

/// One of a problem's own flags, and the field it sets.
pub struct Flag<F> {
    /// The flag's name without the dashes: `moves` for `--moves`.
    pub name: &'static str,
    /// One line of help.
    pub help: &'static str,
    pub kind: FlagKind,
    /// Sets the field: to the value of a number flag, or to `true` for a
    /// switch (which is given 1).
    pub set: fn(&mut F, u64),
    /// The field's value, as a number (a switch reads 1 when on): for the
    /// help text's defaults and the tools.
    pub get: fn(&F) -> u64,
}

impl<F> std::fmt::Debug for Flag<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Flag")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .finish()
    }
}

/// Whether a flag is a switch or takes a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagKind {
    /// Present or not.
    Switch,
    /// `--name N` or `--name=N`, a whole number in `low..=high`.
    Number {
        value_name: &'static str,
        low: u64,
        high: u64,
    },
}

/// A flag's description without its type, for the tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagInfo {
    pub name: &'static str,
    pub help: &'static str,
    pub kind: FlagKind,
    /// Its value in the judge's setting.
    pub default: u64,
}

/// The descriptions of `F`'s flags.
pub fn describe<F: FlagSet>() -> Vec<FlagInfo> {
    let defaults = F::default();
    F::flags()
        .iter()
        .map(|flag| FlagInfo {
            name: flag.name,
            help: flag.help,
            kind: flag.kind,
            default: (flag.get)(&defaults),
        })
        .collect()
}

/// A problem without flags of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoFlags;

impl FlagSet for NoFlags {
    fn flags() -> &'static [Flag<Self>] {
        &[]
    }
}

/// Some problem's flags, of a type known only to it: what the registry,
/// the tools and the command line pass back to the problem they came from.
#[derive(Debug)]
pub struct Options(Box<dyn AnyFlags>);

impl Options {
    /// `flags`, held without their type.
    pub fn new<F: FlagSet>(flags: F) -> Self {
        Options(Box::new(flags))
    }

    /// The flags as their own type. Options are only ever given back to the
    /// problem that made them; another type is a bug in the caller.
    pub fn get<F: FlagSet>(&self) -> &F {
        self.0
            .as_any()
            .downcast_ref::<F>()
            .expect("options given back to the problem that made them")
    }
}

impl Clone for Options {
    fn clone(&self) -> Self {
        Options(self.0.clone_box())
    }
}

impl PartialEq for Options {
    fn eq(&self, other: &Self) -> bool {
        self.0.equals(other.0.as_any())
    }
}

/// What [`Options`] needs of a flag set it holds.
trait AnyFlags: Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn clone_box(&self) -> Box<dyn AnyFlags>;
    fn equals(&self, other: &dyn Any) -> bool;
}

impl<F: FlagSet> AnyFlags for F {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn clone_box(&self) -> Box<dyn AnyFlags> {
        Box::new(self.clone())
    }
    fn equals(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<F>() == Some(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq)]
    struct Depth {
        moves: u32,
    }

    impl FlagSet for Depth {
        fn flags() -> &'static [Flag<Self>] {
            &[Flag {
                name: "moves",
                help: "moves",
                kind: FlagKind::Number {
                    value_name: "K",
                    low: 0,
                    high: 9,
                },
                set: |d, v| d.moves = v as u32,
                get: |d| u64::from(d.moves),
            }]
        }
    }

    #[test]
    fn options_hold_flags_of_any_type_and_give_them_back() {
        let options = Options::new(Depth { moves: 3 });
        assert_eq!(options.get::<Depth>().moves, 3);
        assert_eq!(options.clone(), options);
        assert_ne!(options, Options::new(Depth::default()));
        assert_ne!(options, Options::new(NoFlags));
        assert_eq!(describe::<Depth>()[0].default, 0);
    }
}
