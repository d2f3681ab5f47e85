"""Kernel confinement for the worker processes that run model-written code and SQL (stdlib + ctypes only).

The Python tool's worker (pyworker.py) and the agent's SQL worker (sqlworker.py) both call
``confine_self`` before they touch anything the model wrote. It is the security boundary;
every layer is enforced by the kernel, and each reports whether it is active:

* ``namespaces``: new user, mount, network, IPC and PID namespaces. The process runs as an
  unprivileged uid (1000) with no capabilities inside them; there is no network interface but
  a downed loopback; abstract UNIX sockets and System V IPC of the host are out of reach; the
  worker is PID 1 of its own PID namespace, so whatever it starts dies with it; its scratch
  directory is a private tmpfs whose size is the disk cap (the host sees an empty directory,
  and nothing is left on disk when the worker is killed).
* ``landlock`` (Linux >= 5.13; ABI 4+ also restricts TCP, ABI 6+ signals and abstract sockets):
  reads only beneath the Python installation, system libraries and the database; writes only
  beneath the scratch directory; no program execution.
* ``seccomp`` (x86_64): a BPF filter, installed on every thread (TSYNC), refuses socket
  creation (socketpair only for AF_UNIX), new processes (fork/vfork/clone without CLONE_THREAD,
  clone3), exec, ptrace and process_vm_*, pidfd_*, signals to any process but itself, new
  namespaces, mounts, io_uring, bpf, perf, keyrings, kernel modules, the handle syscalls, and
  memfd_create and System V IPC (memory the address-space limit does not count).
  A hand-written filter rather than libseccomp: it needs no C library at run time (pip cannot
  install one), and its rules on clone flags and signal targets are exact and tested.
* ``rlimits``: address space, CPU seconds, open files, file size, no core dumps.

The supervisor (the process the parent started) stays outside the PID namespace: it forks the
confined worker, kills it when the parent dies (its lifeline pipe closes), and exits with the
worker's status. Run as ``python -I -S confine.py --probe`` it prints which layers this kernel
offers, found by installing each in a throwaway process.
"""

from __future__ import annotations

import ctypes
import json
import os
import platform
import resource
import select
import signal
import struct
import sys

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
libc.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_char_p]

INSIDE_UID = INSIDE_GID = 1000
REQUIRED = ("namespaces", "landlock", "seccomp")

_CLONE_NEWNS, _CLONE_NEWIPC, _CLONE_NEWUSER = 0x00020000, 0x08000000, 0x10000000
_CLONE_NEWPID, _CLONE_NEWNET, _CLONE_NEWUTS, _CLONE_NEWCGROUP = 0x20000000, 0x40000000, 0x04000000, 0x02000000
_CLONE_THREAD = 0x00010000
_NEW_NAMESPACES = _CLONE_NEWNS | _CLONE_NEWIPC | _CLONE_NEWUSER | _CLONE_NEWPID | _CLONE_NEWNET | _CLONE_NEWUTS \
    | _CLONE_NEWCGROUP
_MS_NOSUID, _MS_NODEV, _MS_NOEXEC, _MS_REC, _MS_PRIVATE = 0x2, 0x4, 0x8, 0x4000, 0x40000
_PR_SET_PDEATHSIG, _PR_SET_NO_NEW_PRIVS, _PR_CAPBSET_DROP = 1, 38, 24


def _errno_text() -> str:
    return os.strerror(ctypes.get_errno())


# ---------------------------------------------------------------------------------------------
# Namespaces


def unshare_namespaces() -> str | None:
    """Enter new user, mount, network, IPC and PID namespaces as an unprivileged uid; None or why not.

    Must run while the process has one thread. The PID namespace takes effect for the next child.
    """
    uid, gid = os.getuid(), os.getgid()
    if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNS | _CLONE_NEWNET | _CLONE_NEWIPC | _CLONE_NEWPID) != 0:
        return f"unshare: {_errno_text()}"
    try:
        with open("/proc/self/setgroups", "w") as f:
            f.write("deny")
        with open("/proc/self/uid_map", "w") as f:
            f.write(f"{INSIDE_UID} {uid} 1")
        with open("/proc/self/gid_map", "w") as f:
            f.write(f"{INSIDE_GID} {gid} 1")
    except OSError as e:
        return f"uid map: {e.strerror}"
    return None


def mount_private(scratch: str | None, scratch_bytes: int) -> str | None:
    """In the new mount namespace: nothing propagates to the host, the scratch directory becomes a
    tmpfs of ``scratch_bytes`` (the kernel's disk cap), and /proc shows only this PID namespace."""
    if libc.mount(b"none", b"/", None, _MS_REC | _MS_PRIVATE, None) != 0:
        return f"mount --make-rprivate /: {_errno_text()}"
    if scratch:
        inodes = max(1024, scratch_bytes // 16384)
        opts = f"size={scratch_bytes},nr_inodes={inodes},mode=0700,uid={INSIDE_UID},gid={INSIDE_GID}".encode()
        if libc.mount(b"tmpfs", scratch.encode(), b"tmpfs", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, opts) != 0:
            return f"tmpfs on {scratch}: {_errno_text()}"
    # A fresh /proc hides the host's processes; Landlock closes /proc anyway where this is refused.
    libc.mount(b"proc", b"/proc", b"proc", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, None)
    return None


_CAPSET = {"x86_64": 126, "aarch64": 91}


def drop_capabilities() -> None:
    """No capabilities left in the user namespace, and none to be gained again (bounding set cleared)."""
    for cap in range(64):
        if libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 and ctypes.get_errno() == 22:  # EINVAL: past the last
            break
    header = struct.pack("II", 0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = bytes(24)  # two cap_user_data_t: effective, permitted, inheritable all zero
    hdr_buf, data_buf = ctypes.create_string_buffer(header), ctypes.create_string_buffer(data)
    nr = _CAPSET.get(platform.machine())
    if nr is None or libc.syscall(nr, hdr_buf, data_buf) != 0:
        raise OSError(ctypes.get_errno(), "capset failed")


# ---------------------------------------------------------------------------------------------
# Landlock

_SYS_LANDLOCK_CREATE_RULESET, _SYS_LANDLOCK_ADD_RULE, _SYS_LANDLOCK_RESTRICT_SELF = 444, 445, 446
_FS_EXECUTE, _FS_WRITE_FILE, _FS_READ_FILE, _FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_MAKE_CHAR, _FS_MAKE_SOCK, _FS_MAKE_FIFO, _FS_MAKE_BLOCK, _FS_MAKE_SYM = 1 << 6, 1 << 9, 1 << 10, 1 << 11, 1 << 12
_FS_REFER, _FS_TRUNCATE, _FS_IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
_NET_BIND_TCP, _NET_CONNECT_TCP = 1, 2
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1, 2
_FILE_ONLY = _FS_EXECUTE | _FS_WRITE_FILE | _FS_READ_FILE | _FS_TRUNCATE | _FS_IOCTL_DEV


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def landlock_abi() -> int:
    abi = libc.syscall(_SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(1))
    return int(abi) if abi > 0 else 0


def landlock(read_roots: list[str], write_roots: list[str]) -> int:
    """Restrict this process's file (and where the ABI allows, TCP and signal) access; the ABI, 0 if none."""
    abi = landlock_abi()
    if abi <= 0:
        return 0
    fs = (1 << 13) - 1  # ABI 1: the thirteen original rights
    if abi >= 2:
        fs |= _FS_REFER
    if abi >= 3:
        fs |= _FS_TRUNCATE
    if abi >= 5:
        fs |= _FS_IOCTL_DEV
    attr = _RulesetAttr(fs, _NET_BIND_TCP | _NET_CONNECT_TCP if abi >= 4 else 0,
                        _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL if abi >= 6 else 0)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8
    ruleset = libc.syscall(_SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size),
                           ctypes.c_uint32(0))
    if ruleset < 0:
        return 0
    read = _FS_READ_FILE | _FS_READ_DIR
    write = fs & ~(_FS_EXECUTE | _FS_MAKE_CHAR | _FS_MAKE_BLOCK | _FS_MAKE_SOCK | _FS_MAKE_FIFO | _FS_MAKE_SYM
                   | _FS_IOCTL_DEV)
    try:
        for roots, access in ((read_roots, read), (write_roots, write)):
            for root in roots:
                try:
                    fd = os.open(root, os.O_PATH | os.O_CLOEXEC)
                except OSError:
                    continue
                allowed = access if os.path.isdir(root) else access & _FILE_ONLY
                rule = _PathBeneathAttr(allowed, fd)
                libc.syscall(_SYS_LANDLOCK_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(1), ctypes.byref(rule),
                             ctypes.c_uint32(0))
                os.close(fd)
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return 0
        if libc.syscall(_SYS_LANDLOCK_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            return 0
    finally:
        os.close(ruleset)
    return abi


# ---------------------------------------------------------------------------------------------
# seccomp

_AUDIT_ARCH_X86_64 = 0xC000003E
_X32_SYSCALL_BIT = 0x40000000
_RET_KILL_PROCESS, _RET_ALLOW, _RET_ERRNO = 0x80000000, 0x7FFF0000, 0x00050000
_EPERM, _ENOSYS = 1, 38
_SECCOMP_SET_MODE_FILTER, _SECCOMP_FILTER_FLAG_TSYNC = 1, 1
_AF_UNIX = 1

# x86_64 numbers (arch/x86/entry/syscalls/syscall_64.tbl). Refused outright with EPERM:
_DENY_X86_64 = {
    "socket": 41, "fork": 57, "vfork": 58, "execve": 59, "execveat": 322, "ptrace": 101,
    "process_vm_readv": 310, "process_vm_writev": 311, "process_madvise": 440, "kcmp": 312,
    "pidfd_open": 434, "pidfd_send_signal": 424, "pidfd_getfd": 438, "tkill": 200,
    "mount": 165, "umount2": 166, "pivot_root": 155, "chroot": 161, "unshare": 272, "setns": 308,
    "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433,
    "mount_setattr": 442, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
    "bpf": 321, "perf_event_open": 298, "userfaultfd": 323, "keyctl": 250, "add_key": 248,
    "request_key": 249, "kexec_load": 246, "kexec_file_load": 320, "init_module": 175, "finit_module": 313,
    "delete_module": 176, "reboot": 169, "swapon": 167, "swapoff": 168, "acct": 163,
    "name_to_handle_at": 303, "open_by_handle_at": 304, "iopl": 172, "ioperm": 173, "modify_ldt": 154,
    "quotactl": 179, "fanotify_init": 300, "settimeofday": 164, "clock_settime": 227, "adjtimex": 159,
    "clock_adjtime": 305, "vhangup": 153, "mknod": 133, "mknodat": 259, "move_pages": 279,
    "migrate_pages": 256, "setsid": 112, "setpgid": 109, "get_robust_list": 274, "memfd_secret": 447,
    # memory the address-space limit does not count: memfd files and System V shared memory (the worker's IPC
    # namespace has no size cap of its own), and the rest of System V IPC with them
    "memfd_create": 319, "shmget": 29, "shmat": 30, "shmctl": 31, "shmdt": 67, "msgget": 68, "msgsnd": 69,
    "msgrcv": 70, "msgctl": 71, "semget": 64, "semop": 65, "semctl": 66, "semtimedop": 220,
}
_SYS = {"clone": 56, "clone3": 435, "kill": 62, "tgkill": 234, "rt_sigqueueinfo": 129, "rt_tgsigqueueinfo": 297,
        "socketpair": 53, "capset": 126}
DENIED_SYSCALLS = tuple(sorted(_DENY_X86_64))

# BPF opcodes
_LD_ABS, _JEQ, _JGE, _JSET, _RET = 0x20, 0x15, 0x35, 0x45, 0x06


class _Asm:
    """A tiny classic-BPF assembler with forward labels (jump offsets are u8)."""

    def __init__(self) -> None:
        self.code: list[tuple[int, object, object, int]] = []
        self.labels: dict[str, int] = {}

    def ld(self, offset: int) -> None:
        self.code.append((_LD_ABS, 0, 0, offset))

    def jump(self, op: int, k: int, jt: object = 0, jf: object = 0) -> None:
        self.code.append((op, jt, jf, k))

    def ret(self, value: int) -> None:
        self.code.append((_RET, 0, 0, value))

    def label(self, name: str) -> None:
        self.labels[name] = len(self.code)

    def program(self) -> bytes:
        out = []
        for i, (op, jt, jf, k) in enumerate(self.code):
            def rel(target: object) -> int:
                if isinstance(target, int):
                    return target
                off = self.labels[target] - i - 1
                if not 0 <= off <= 255:
                    raise ValueError(f"BPF jump to {target} out of range")
                return off
            out.append(struct.pack("HBBI", op, rel(jt), rel(jf), k & 0xFFFFFFFF))
        return b"".join(out)


def _arg_lo(i: int) -> int:
    return 16 + 8 * i


def _arg_hi(i: int) -> int:
    return 20 + 8 * i


def seccomp_program(own_pid: int) -> bytes:
    """The filter as BPF bytes: deny the syscalls above, allow threads but not processes, and signals only
    to ``own_pid`` (as this process sees it): not to its process group, where its supervisor is."""
    a = _Asm()
    a.ld(4)
    a.jump(_JEQ, _AUDIT_ARCH_X86_64, 0, "kill")
    a.ld(0)
    a.jump(_JGE, _X32_SYSCALL_BIT, "enosys", 0)
    for nr in sorted(_DENY_X86_64.values()):
        a.jump(_JEQ, nr, "deny", 0)
    a.jump(_JEQ, _SYS["clone"], "clone", 0)
    a.jump(_JEQ, _SYS["clone3"], "enosys", 0)  # its flags sit in memory the filter cannot read; libc falls back
    a.jump(_JEQ, _SYS["kill"], "kill_target", 0)
    for name in ("tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo"):
        a.jump(_JEQ, _SYS[name], "own_tgid", 0)
    a.jump(_JEQ, _SYS["socketpair"], "socketpair", 0)
    a.ret(_RET_ALLOW)

    a.label("clone")  # a thread (CLONE_THREAD) of this process, in no new namespace
    a.ld(_arg_lo(0))
    a.jump(_JSET, _CLONE_THREAD, 0, "deny")
    a.jump(_JSET, _NEW_NAMESPACES, "deny", "allow")

    a.label("kill_target")  # kill(own_pid) only: kill(0) is the process group, which holds the supervisor
    a.ld(_arg_hi(0))
    a.jump(_JEQ, 0, 0, "deny")
    a.ld(_arg_lo(0))
    a.jump(_JEQ, own_pid, "allow", "deny")

    a.label("own_tgid")  # thread-directed signals within this process only
    a.ld(_arg_hi(0))
    a.jump(_JEQ, 0, 0, "deny")
    a.ld(_arg_lo(0))
    a.jump(_JEQ, own_pid, "allow", "deny")

    a.label("socketpair")
    a.ld(_arg_hi(0))
    a.jump(_JEQ, 0, 0, "deny")
    a.ld(_arg_lo(0))
    a.jump(_JEQ, _AF_UNIX, "allow", "deny")

    a.label("allow")
    a.ret(_RET_ALLOW)
    a.label("deny")
    a.ret(_RET_ERRNO | _EPERM)
    a.label("enosys")
    a.ret(_RET_ERRNO | _ENOSYS)
    a.label("kill")
    a.ret(_RET_KILL_PROCESS)
    return a.program()


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def install_filter(program: bytes) -> str | None:
    """Install a BPF seccomp filter on every thread of this process; None, or why it could not be."""
    if platform.machine() != "x86_64":
        return f"no seccomp filter is built in for {platform.machine()} (x86_64 only)"
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return f"no_new_privs: {_errno_text()}"
    buf = ctypes.create_string_buffer(program, len(program))
    prog = _SockFprog(len(program) // 8, ctypes.cast(buf, ctypes.c_void_p))
    rc = libc.syscall(317, ctypes.c_int(_SECCOMP_SET_MODE_FILTER), ctypes.c_uint(_SECCOMP_FILTER_FLAG_TSYNC),
                      ctypes.byref(prog))
    if rc != 0:
        return f"seccomp: {_errno_text()}" if rc < 0 else f"seccomp: thread {rc} could not be synchronised"
    return None


def deny_program(numbers: dict[int, int]) -> bytes:
    """A filter that makes the given syscalls fail with the given errno and allows the rest (tests use it to
    take a layer away, as an older kernel would, e.g. Landlock's syscalls answering ENOSYS)."""
    a = _Asm()
    a.ld(0)
    for nr, err in sorted(numbers.items()):
        a.jump(_JEQ, nr, 0, 1)
        a.ret(_RET_ERRNO | err)
    a.ret(_RET_ALLOW)
    return a.program()


# ---------------------------------------------------------------------------------------------
# The whole sequence


MAX_TASKS = 512  # threads (each a host pid) a confined process may have: a thread bomb cannot exhaust pid_max


def limit_tasks(max_tasks: int = MAX_TASKS) -> bool:
    """RLIMIT_NPROC inside the worker's own user namespace, where (Linux 5.14+, per-namespace counts) it
    counts only the worker's own threads; elsewhere it would count every process of the user on the host,
    so it is not set there. Whether it was set."""
    try:
        major, minor = (int(x) for x in platform.release().split(".")[:2])
    except ValueError:
        return False
    if (major, minor) < (5, 14):
        return False
    resource.setrlimit(resource.RLIMIT_NPROC, (max_tasks, max_tasks))
    return True


def set_rlimits(memory_bytes: int | None, cpu_s: int | None, max_files: int | None,
                max_file_bytes: int | None) -> None:
    for limit, value in ((resource.RLIMIT_AS, memory_bytes), (resource.RLIMIT_CPU, cpu_s),
                         (resource.RLIMIT_NOFILE, max_files), (resource.RLIMIT_FSIZE, max_file_bytes)):
        if value is not None:
            resource.setrlimit(limit, (value, value))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


TASK_LIMIT_EXIT = 86  # the supervisor's exit status when it killed the child for starting too many threads
_TASK_POLL_MS = 20


def _threads(status_fd: int) -> int:
    for line in os.pread(status_fd, 4096, 0).split(b"\n"):
        if line.startswith(b"Threads:"):
            return int(line.split()[1])
    return 0


def _supervise(child: int, lifeline: int | None, proc_dir: int | None = None) -> None:
    """The supervisor's whole life: wait for the confined child; kill it if the parent goes away, or if it
    has more than MAX_TASKS threads (read from the host's /proc every 20 ms: RLIMIT_NPROC does not bind a
    process whose user is root outside its namespace, and each thread takes a host pid)."""
    try:
        pidfd = os.pidfd_open(child)
    except (AttributeError, OSError):
        pidfd = None
    status_fd = None
    if proc_dir is not None:
        try:  # through the host's /proc, opened before the child mounted its own over it
            status_fd = os.open(f"{child}/status", os.O_RDONLY | os.O_CLOEXEC, dir_fd=proc_dir)
        except OSError:
            status_fd = None
        os.close(proc_dir)
    poller = select.poll()
    if pidfd is not None:
        poller.register(pidfd, select.POLLIN)
    if lifeline is not None:
        poller.register(lifeline, select.POLLIN)
    over = False
    while True:
        events = poller.poll(_TASK_POLL_MS if status_fd is not None else (None if pidfd is not None else 500))
        if any(fd == lifeline for fd, _ in events):  # the parent closed its end or died
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if status_fd is not None and not over:
            try:
                over = _threads(status_fd) > MAX_TASKS
            except (OSError, ValueError):
                over = False
            if over:
                try:
                    os.kill(child, signal.SIGKILL)  # PID 1 of its namespace: every thread and process goes
                except ProcessLookupError:
                    pass
        pid, status = os.waitpid(child, os.WNOHANG)
        if pid:
            break
    if over:
        os._exit(TASK_LIMIT_EXIT)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 1)


def confine_self(*, want: dict, scratch: str | None, scratch_bytes: int, read_roots: list[str],
                 write_roots: list[str], child_fds: tuple[int, ...], lifeline: int | None,
                 rlimits: dict) -> dict:
    """Confine this process before any untrusted input is read; returns the active layers.

    ``want`` names the layers to attempt (all by default; tests switch some off). With namespaces,
    this process forks: the caller continues in the confined child (PID 1 of a new PID namespace)
    and the original process becomes its supervisor, which never returns from here.
    """
    active: dict = {"namespaces": False, "landlock_abi": 0, "seccomp": False, "rlimits": False, "problems": []}
    if want.get("namespaces", True):
        problem = unshare_namespaces()
        if problem is None:
            try:
                proc_dir = os.open("/proc", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            except OSError:
                proc_dir = None
            child = os.fork()
            if child:
                for fd in child_fds:  # the parent sees EOF on them as soon as the child is gone
                    os.close(fd)
                _supervise(child, lifeline, proc_dir)
            if proc_dir is not None:
                os.close(proc_dir)
            if lifeline is not None:
                os.close(lifeline)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
            problem = mount_private(scratch, scratch_bytes)
            if problem is None:
                try:
                    drop_capabilities()
                    active["namespaces"] = True
                    limit_tasks()  # binds where the host user is not root; the supervisor counts anyway
                    active["max_tasks"] = MAX_TASKS
                except OSError as e:
                    problem = f"dropping capabilities: {e}"
        if problem:
            active["problems"].append(f"namespaces: {problem}")
    elif lifeline is not None:
        os.close(lifeline)
    set_rlimits(**rlimits)
    active["rlimits"] = True
    if want.get("landlock", True):
        active["landlock_abi"] = landlock(read_roots, write_roots)
        if not active["landlock_abi"]:
            active["problems"].append("landlock: not offered by this kernel")
    if want.get("seccomp", True):
        problem = install_filter(seccomp_program(os.getpid()))
        active["seccomp"] = problem is None
        if problem:
            active["problems"].append(problem)
    return active


def missing_layers(active: dict) -> list[str]:
    """The required layers a report says are not active."""
    out = []
    if not active.get("namespaces"):
        out.append("namespaces")
    if not active.get("landlock_abi"):
        out.append("landlock")
    if not active.get("seccomp"):
        out.append("seccomp")
    return out


def probe() -> dict:
    """Install each layer in this (throwaway) process and report what worked."""
    report = {"machine": platform.machine(), "kernel": platform.release(), "euid": os.geteuid()}
    report["landlock_abi"] = landlock_abi()
    problem = unshare_namespaces()
    if problem is None:
        child = os.fork()
        if child == 0:
            os._exit(0 if mount_private(None, 0) is None else 3)
        _, status = os.waitpid(child, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            problem = "mounts refused in the new namespace"
    report["namespaces"] = problem is None
    report["problems"] = [f"namespaces: {problem}"] if problem else []
    if not report["landlock_abi"]:
        report["problems"].append("landlock: not offered by this kernel (Linux 5.13+ with Landlock enabled)")
    problem = install_filter(seccomp_program(os.getpid()))
    report["seccomp"] = problem is None
    if problem:
        report["problems"].append(problem)
    return report


if __name__ == "__main__" and sys.argv[1:] == ["--probe"]:
    print(json.dumps(probe()))
