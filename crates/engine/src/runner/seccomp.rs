//! A filter of system calls for a solution's run, entered last before
//! `exec`:
//!
//! - **Another architecture's calls** (`int 0x80`, the x32 calls) kill the
//!   run: the filter reads the native calls' numbers only.
//! - **No socket** of any family (`socketpair` stays): a listener on the
//!   machine or beyond, on a port or a path, would answer for the run.
//! - **A file's mode, owner and times** cannot be changed (`chmod`,
//!   `chown`, `utimensat`, ...: "operation not permitted"): Landlock does
//!   not hold them, and a run that maps the command's user could otherwise
//!   change them on any file of that user's, beyond its reach.
//! - **Where no control group counts a run's processes**, a run is one
//!   process: a `fork`, a `vfork` or a `clone` that is not a thread's kills
//!   it, as a judge refuses process creation. Its time and memory are then
//!   its main process's, which the kernel counts exactly; without the
//!   filter, a child reaped by the kernel (SIGCHLD ignored) would take its
//!   time with it uncounted. Threads stay allowed: a JVM, a Node or a C++
//!   `std::thread` needs them. `clone3` answers "not implemented", and the
//!   C library falls back to `clone`, whose flags the filter can read.

use std::sync::OnceLock;

const LD_W_ABS: u16 = 0x20;
const JEQ_K: u16 = 0x05 | 0x10;
const JGE_K: u16 = 0x05 | 0x30;
const JSET_K: u16 = 0x05 | 0x40;
const RET_K: u16 = 0x06;
const KILL_PROCESS: u32 = 0x8000_0000;
const ERRNO: u32 = 0x0005_0000;
const ALLOW: u32 = 0x7fff_0000;
/// The bit of the x32 calls' numbers.
const X32: u32 = 0x4000_0000;

#[cfg(target_arch = "x86_64")]
const ARCH: u32 = 0xC000_003E;
#[cfg(target_arch = "aarch64")]
const ARCH: u32 = 0xC000_00B7;

/// The calls that only start a process, killed outright.
#[cfg(target_arch = "x86_64")]
const PROCESS_ONLY: &[libc::c_long] = &[libc::SYS_fork, libc::SYS_vfork];
#[cfg(target_arch = "aarch64")]
const PROCESS_ONLY: &[libc::c_long] = &[];

/// The calls that change a file's mode, owner or times (`fchmodat2` is
/// 452 on both architectures).
#[cfg(target_arch = "x86_64")]
const METADATA: &[libc::c_long] = &[
    libc::SYS_chmod,
    libc::SYS_fchmod,
    libc::SYS_fchmodat,
    452,
    libc::SYS_chown,
    libc::SYS_fchown,
    libc::SYS_lchown,
    libc::SYS_fchownat,
    libc::SYS_utime,
    libc::SYS_utimes,
    libc::SYS_utimensat,
    libc::SYS_futimesat,
];
#[cfg(target_arch = "aarch64")]
const METADATA: &[libc::c_long] = &[
    libc::SYS_fchmod,
    libc::SYS_fchmodat,
    452,
    libc::SYS_fchown,
    libc::SYS_fchownat,
    libc::SYS_utimensat,
];

/// Which filter a run gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Native calls only, no file's mode, owner or times changed.
    Solution,
    /// The same, and one process only.
    OneProcess,
}

/// Where a jump goes: the next instruction, or one of the endings.
#[derive(Clone, Copy, PartialEq, Eq)]
enum To {
    Next,
    Flags,
    Kill,
    Denied,
    NotImplemented,
    Allow,
}

enum Step {
    Load(u32),
    Jump(u16, u32, To, To),
}

/// A jump to `to` when the call is `call`, else on to the next step.
fn on_call(call: libc::c_long, to: To) -> Step {
    Step::Jump(JEQ_K, call as u32, to, To::Next)
}

/// The filter's checks, before its endings.
fn steps(kind: Kind) -> Vec<Step> {
    let mut steps = vec![
        Step::Load(4),
        Step::Jump(JEQ_K, ARCH, To::Next, To::Kill),
        Step::Load(0),
        Step::Jump(JGE_K, X32, To::Kill, To::Next),
    ];
    steps.extend(METADATA.iter().map(|&call| on_call(call, To::Denied)));
    // A socket is a way out of the run: an oracle listening on the
    // machine or beyond, on a port or on a path (a session bus), which
    // Landlock does not close. No `socket`, of any family: a network
    // namespace would close the network alone, at about 0.7 ms a run. A
    // pair of connected ones (`socketpair`) reaches nothing outside.
    steps.push(on_call(libc::SYS_socket, To::Denied));
    if kind == Kind::OneProcess {
        steps.push(on_call(libc::SYS_clone, To::Flags));
        steps.push(on_call(libc::SYS_clone3, To::NotImplemented));
        steps.extend(PROCESS_ONLY.iter().map(|&call| on_call(call, To::Kill)));
    }
    steps
}

/// The filter's instructions, their jumps resolved.
fn instructions(kind: Kind) -> Vec<libc::sock_filter> {
    let steps = steps(kind);
    // The endings, after the checks: allow; clone's flags (the low half of
    // its first 64-bit argument, at offset 16 of the call's data); then the
    // verdicts.
    let allow_first = steps.len();
    let flags = allow_first + 1;
    let place = |to: To| match to {
        To::Next => None,
        To::Flags => Some(flags),
        To::Kill => Some(flags + 2),
        To::Denied => Some(flags + 3),
        To::NotImplemented => Some(flags + 4),
        To::Allow => Some(flags + 5),
    };
    let mut program = Vec::new();
    for (at, step) in steps.iter().enumerate() {
        program.push(match *step {
            Step::Load(offset) => statement(LD_W_ABS, offset),
            Step::Jump(code, k, yes, no) => {
                let offset = |to| place(to).map_or(0, |target| (target - at - 1) as u8);
                libc::sock_filter {
                    code,
                    jt: offset(yes),
                    jf: offset(no),
                    k,
                }
            }
        });
    }
    program.push(statement(RET_K, ALLOW));
    program.push(statement(LD_W_ABS, 16));
    let to_allow = (place(To::Allow).unwrap() - (flags + 1) - 1) as u8;
    program.push(libc::sock_filter {
        code: JSET_K,
        jt: to_allow,
        jf: 0,
        k: libc::CLONE_THREAD as u32,
    });
    program.push(statement(RET_K, KILL_PROCESS));
    program.push(statement(RET_K, ERRNO | libc::EPERM as u32));
    program.push(statement(RET_K, ERRNO | libc::ENOSYS as u32));
    program.push(statement(RET_K, ALLOW));
    program
}

fn statement(code: u16, k: u32) -> libc::sock_filter {
    libc::sock_filter {
        code,
        jt: 0,
        jf: 0,
        k,
    }
}

/// The filter, made once; the child hands it to the kernel before `exec`.
pub(super) struct Filter {
    _instructions: Vec<libc::sock_filter>,
    pub(super) program: libc::sock_fprog,
}

// SAFETY: the program points into the instructions beside it, which are
// never changed or moved after.
unsafe impl Sync for Filter {}
unsafe impl Send for Filter {}

/// The filter of `kind`, made once.
pub(super) fn filter(kind: Kind) -> &'static Filter {
    static SOLUTION: OnceLock<Filter> = OnceLock::new();
    static ONE_PROCESS: OnceLock<Filter> = OnceLock::new();
    let made = match kind {
        Kind::Solution => &SOLUTION,
        Kind::OneProcess => &ONE_PROCESS,
    };
    made.get_or_init(|| {
        let mut instructions = instructions(kind);
        let program = libc::sock_fprog {
            len: instructions.len() as u16,
            filter: instructions.as_mut_ptr(),
        };
        Filter {
            _instructions: instructions,
            program,
        }
    })
}
