# The warm server of a Python solution (see warm.rs), given to the
# interpreter with -c. It is started once per job with the executable,
# flags and environment of the solution's own run line, compiles the
# solution and waits. For each run it forks a child, which enters the
# run's containment (its control group, its descriptors, limits, folder
# and Landlock ruleset) and only then executes the solution as __main__,
# as a fresh start would. Nothing here may print: stdout and stderr are
# the runs'.

# Whether the interpreter gives its __main__ an empty __annotations__ (as
# CPython does), read before this file defines anything there.
MAIN_ANNOTATED = "__annotations__" in globals()

import sys

# What a fresh start has loaded: whatever this server imports beyond it
# is taken out of the child's sys.modules, so that the solution's imports
# are its own (a module imported afresh holds fresh state).
BASELINE = set(sys.modules)

import time

# The processor time of the interpreter's own start, counted into each run.
START_CPU = time.process_time()

import os
import _socket

SCRIPT = sys.argv[1]
# The script's own arguments (a driver's: the user's file).
ARGUMENTS = sys.argv[1:]
# Whether descriptor 3 is the driver's own (see enter_run).
ANSWERS_ON_3 = []
CONTROL = _socket.socket(fileno=os.dup(0))
NULL = os.open("/dev/null", os.O_RDONLY)
os.dup2(NULL, 0)
os.close(NULL)


def tell(words):
    CONTROL.send(" ".join(str(w) for w in words).encode())


try:
    COMPILING = time.process_time()
    with open(SCRIPT, "rb") as source:
        TEXT = source.read()
        CODE = compile(TEXT, SCRIPT, "exec", dont_inherit=True)
    # What the objects left at the end may do when they are torn down one
    # by one, as a fresh start tears them down: such a run gets the whole
    # ending (see leave). A driver's user file is read for it too.
    for argument in ARGUMENTS[1:]:
        if argument.endswith(".py") and os.path.isfile(argument):
            with open(argument, "rb") as source:
                TEXT += source.read()
    TORN_DOWN = any(word in TEXT for word in (b"__del__", b"weakref", b"finally")) or (
        b"yield" in TEXT and b"with " in TEXT
    )
    del TEXT
    START_COST = START_CPU + time.process_time() - COMPILING
    import ctypes
    import resource
    from importlib.machinery import SourceFileLoader

    LIBC = ctypes.CDLL(None, use_errno=True)
    LANDLOCK_RESTRICT_SELF = 446
    PR_SET_CHILD_SUBREAPER = 36
    PR_SET_PDEATHSIG = 1
    SIGKILL = 9
    CLONE_NEWUSER = 0x10000000
    CLONE_NEWIPC = 0x08000000
    # Orphans of a run come back here, to be reaped, not to the runner.
    LIBC.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
except BaseException as error:  # Any failure sends the runs cold.
    tell(["FAIL", repr(error).replace("\n", " ")])
    raise SystemExit(1)

FD_SIZE = 4


def receive():
    """One request: its words and the descriptors sent with it."""
    space = _socket.CMSG_SPACE(16 * FD_SIZE)
    data, ancillary, _, _ = CONTROL.recvmsg(65536, space)
    if not data:
        raise SystemExit(0)
    fds = []
    for level, kind, payload in ancillary:
        if level == _socket.SOL_SOCKET and kind == _socket.SCM_RIGHTS:
            usable = len(payload) - len(payload) % FD_SIZE
            for at in range(0, usable, FD_SIZE):
                fds.append(int.from_bytes(payload[at : at + FD_SIZE], sys.byteorder))
    return data.split(b"\0"), fds


def reap_orphans():
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def serve():
    """Answers requests until one is a run: returns, in the run's child,
    the run's words and descriptors."""
    tell(["READY", int(START_COST * 1e6)])
    # What the server holds is never collected in a child: a collection
    # that went through it would copy its pages.
    import gc

    if hasattr(gc, "freeze"):
        gc.freeze()
    while True:
        words, fds = receive()
        pid = os.fork()
        if pid == 0:
            # A child whose server is gone before it is held ends too.
            LIBC.prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)
            return words, fds
        for fd in fds:
            os.close(fd)
        tell(["PID", pid])
        _, status, usage = os.wait4(pid, 0)
        reap_orphans()
        tell(
            [
                "END",
                status,
                int(usage.ru_utime * 1e6),
                int(usage.ru_stime * 1e6),
                usage.ru_maxrss,
            ]
        )


def set_limit(kind, word):
    if word != b"-":
        value = int(word)
        resource.setrlimit(kind, (value, value))


def enter_run(words, fds):
    """In the run's child: its control group first (what follows is
    counted), then its descriptors, limits, folder and Landlock ruleset,
    as a fresh start is held."""
    folder, address_space, file_size, landlock, groups, namespaces, apart = words[:7]
    stdin, stdout, stderr = fds[:3]
    rest = fds[3:]
    for procs in rest[: int(groups)]:
        os.write(procs, b"0")
        os.close(procs)
    rest = rest[int(groups) :]
    if namespaces == b"1":
        own_namespaces()
    os.setsid()
    for target, fd in enumerate((stdin, stdout, stderr)):
        os.dup2(fd, target)
        os.close(fd)
    CONTROL.close()
    if apart == b"1":
        # A function's driver: its answers on 3, what the function prints
        # on 1, both beside stderr (as `exec 3>&1 1>&2` has them); only
        # now, for the socket may have been 3.
        os.dup2(1, 3)
        os.dup2(2, 1)
        ANSWERS_ON_3.append(True)
    set_limit(resource.RLIMIT_AS, address_space)
    set_limit(resource.RLIMIT_FSIZE, file_size)
    os.chdir(folder)
    os.environ["TMPDIR"] = os.fsdecode(folder)
    if landlock == b"1":
        if LIBC.syscall(LANDLOCK_RESTRICT_SELF, rest[0], 0) != 0:
            os._exit(126)
        os.close(rest[0])


def own_namespaces():
    """A user namespace that maps the user to itself, and an IPC
    namespace, as a fresh start's first process makes: the System V and
    POSIX IPC objects the run makes go with it."""
    uid, gid = os.getuid(), os.getgid()
    if LIBC.unshare(CLONE_NEWUSER | CLONE_NEWIPC) != 0:
        os._exit(126)
    for name, line in (
        ("uid_map", f"{uid} {uid} 1"),
        ("setgroups", "deny"),
        ("gid_map", f"{gid} {gid} 1"),
    ):
        with open(f"/proc/self/{name}", "w") as entry:
            entry.write(line)


def standard_stream(fd, old):
    """The stream a fresh start makes on `fd` (as Python's own
    create_stdio does): the server's were made on its control socket and
    its own pipes, and know them (a socket cannot seek). Unbuffered
    output (`-u`, PYTHONUNBUFFERED) is kept as the server's streams have
    it: written through, on a raw file."""
    import io

    writing = fd != 0
    buffered_stdio = not sys.__stdout__.write_through
    buffering = -1 if buffered_stdio or not writing else 0
    buffered = io.open(fd, "wb" if writing else "rb", buffering, closefd=False)
    raw = buffered.raw if buffering else buffered
    raw.name = old.name
    tty = raw.isatty()
    stream = io.TextIOWrapper(
        buffered,
        encoding=old.encoding,
        errors=old.errors,
        newline="\n",
        line_buffering=buffered_stdio and (tty or fd == 2),
        write_through=not buffered_stdio,
    )
    stream.mode = "w" if writing else "r"
    return stream


WORDS, FDS = serve()
try:
    enter_run(WORDS, FDS)
except BaseException as error:
    # Never expected: said on the run's stderr (put in place here when
    # it was not yet), as the runner's own.
    try:
        os.dup2(FDS[2], 2)
    except (OSError, IndexError):
        pass
    os.write(2, f"grid-games: the warm start failed: {error!r}\n".encode())
    os._exit(125)

# The run's child from here: the solution as a fresh start runs it.
sys.stdin = sys.__stdin__ = standard_stream(0, sys.__stdin__)
sys.stdout = sys.__stdout__ = standard_stream(1, sys.__stdout__)
sys.stderr = sys.__stderr__ = standard_stream(2, sys.__stderr__)
sys.argv[:] = ARGUMENTS
if hasattr(sys, "orig_argv"):
    # The server's line less its `-c CODE`.
    at = len(sys.orig_argv) - len(ARGUMENTS) - 2
    sys.orig_argv[:] = sys.orig_argv[:at] + sys.orig_argv[at + 2 :]
sys.path[0] = os.path.dirname(os.path.abspath(SCRIPT))
for name in set(sys.modules) - BASELINE:
    del sys.modules[name]
MAIN = type(sys)("__main__")
if MAIN_ANNOTATED:
    MAIN.__annotations__ = {}
MAIN.__builtins__ = __builtins__
MAIN.__loader__ = SourceFileLoader("__main__", SCRIPT)
MAIN.__file__ = SCRIPT
MAIN.__cached__ = None
sys.modules["__main__"] = MAIN
del enter_run, serve, receive, tell, set_limit, reap_orphans, own_namespaces
del standard_stream
def leave(status):
    """Ends the run as the interpreter's own ending does. A run that
    opened no file for writing ends without the teardown of every module,
    which a fork pays for in copied pages and which shows nothing: the
    threads waited for, the atexit handlers run, stdout and stderr flushed
    (status 120 when that fails, as Python gives), then the exit. One
    that did (`w = open(1, "w").write`, its buffer flushed only when the
    file is collected) gets the interpreter's whole ending."""
    if WROTE or TORN_DOWN or not hasattr(sys, "addaudithook"):
        sys.exit(status)
    threading = sys.modules.get("threading")
    if threading is not None and hasattr(threading, "_shutdown"):
        threading._shutdown()
    import atexit

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and not stream.closed:
                stream.flush()
        except BaseException:
            if status == 0:
                status = 120
    # The streams the run started with, if it replaced them: a fresh
    # start writes what they hold when it tears them down.
    for stream in (sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None and not stream.closed:
                stream.flush()
        except BaseException:
            pass
    os._exit(status)


def watch_writes(event, args):
    """An audit hook: notes a file opened for writing."""
    if event == "open" and len(args) >= 3:
        if ANSWERS_ON_3 and args[0] == 3:
            # The driver's answers, written a line at a time.
            return
        mode, flags = args[1], args[2]
        if mode is None:
            writing = flags & (os.O_WRONLY | os.O_RDWR)
        else:
            writing = any(c in mode for c in "wax+")
        if writing:
            WROTE.append(True)


WROTE = []
if hasattr(sys, "addaudithook"):
    sys.addaudithook(watch_writes)


def exit_status(error):
    """The status a SystemExit gives, as Python's handle_system_exit gives
    it: its code, None as 0, anything else printed on stderr as 1."""
    code = error.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    try:
        print(code, file=sys.stderr)
    except BaseException:
        pass
    return 1


try:
    try:
        exec(CODE, MAIN.__dict__)
    except SystemExit as error:
        STATUS = exit_status(error)
    except BaseException as error:
        # As a fresh start: the traceback without this server's frame,
        # then status 1.
        error.__traceback__ = error.__traceback__.tb_next
        sys.excepthook(type(error), error, error.__traceback__)
        STATUS = 1
        if isinstance(error, KeyboardInterrupt):
            import signal

            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
    else:
        STATUS = 0
    leave(STATUS)
except SystemExit as error:
    if WROTE:
        raise
    # An atexit handler or a thread's end that exits.
    leave(exit_status(error))
