//! Where no control group counts a run's processes, a run is one process:
//! a filter of system calls kills it when it starts another (a `fork`, a
//! `vfork`, a `clone` that is not a thread's), as a judge refuses process
//! creation. Its time and memory are then its main process's, which the
//! kernel counts exactly; without the filter, a child reaped by the kernel
//! (SIGCHLD ignored) would take its time with it uncounted. Threads stay
//! allowed: a JVM, a Node or a C++ `std::thread` needs them. `clone3`
//! answers "not implemented", and the C library falls back to `clone`,
//! whose flags the filter can read.

use std::sync::OnceLock;

const LD_W_ABS: u16 = 0x20;
const JEQ_K: u16 = 0x05 | 0x10;
const JSET_K: u16 = 0x05 | 0x40;
const RET_K: u16 = 0x06;
const KILL_PROCESS: u32 = 0x8000_0000;
const ERRNO: u32 = 0x0005_0000;
const ALLOW: u32 = 0x7fff_0000;

#[cfg(target_arch = "x86_64")]
const ARCH: u32 = 0xC000_003E;
#[cfg(target_arch = "aarch64")]
const ARCH: u32 = 0xC000_00B7;

/// The calls that only start a process, killed outright.
#[cfg(target_arch = "x86_64")]
const PROCESS_ONLY: [libc::c_long; 2] = [libc::SYS_fork, libc::SYS_vfork];
#[cfg(target_arch = "aarch64")]
const PROCESS_ONLY: [libc::c_long; 0] = [];

fn statement(code: u16, k: u32) -> libc::sock_filter {
    libc::sock_filter {
        code,
        jt: 0,
        jf: 0,
        k,
    }
}

fn jump(code: u16, k: u32, jt: usize, jf: usize) -> libc::sock_filter {
    libc::sock_filter {
        code,
        jt: jt as u8,
        jf: jf as u8,
        k,
    }
}

/// The filter's instructions.
fn instructions() -> Vec<libc::sock_filter> {
    // The layout: checks, then the four endings, whose places the jumps
    // are counted to.
    let checks = 5 + PROCESS_ONLY.len() + 1;
    let [flags, kill, not_implemented, allow] = [checks, checks + 2, checks + 3, checks + 4];
    let to = |target: usize, from: usize| target - from - 1;
    let mut program = vec![
        statement(LD_W_ABS, 4),
        jump(JEQ_K, ARCH, 0, to(allow, 1)),
        statement(LD_W_ABS, 0),
        jump(JEQ_K, libc::SYS_clone as u32, to(flags, 3), 0),
        jump(JEQ_K, libc::SYS_clone3 as u32, to(not_implemented, 4), 0),
    ];
    for call in PROCESS_ONLY {
        let at = program.len();
        program.push(jump(JEQ_K, call as u32, to(kill, at), 0));
    }
    program.push(statement(RET_K, ALLOW));
    debug_assert_eq!(program.len(), flags);
    // clone's first argument, its flags (the low half of the first
    // 64-bit argument, at offset 16 of the call's data).
    program.push(statement(LD_W_ABS, 16));
    program.push(jump(
        JSET_K,
        libc::CLONE_THREAD as u32,
        to(allow, flags + 1),
        0,
    ));
    program.push(statement(RET_K, KILL_PROCESS));
    program.push(statement(RET_K, ERRNO | libc::ENOSYS as u32));
    program.push(statement(RET_K, ALLOW));
    program
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

/// The filter that lets a run have threads but no second process.
pub(super) fn one_process() -> &'static Filter {
    static FILTER: OnceLock<Filter> = OnceLock::new();
    FILTER.get_or_init(|| {
        let mut instructions = instructions();
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
