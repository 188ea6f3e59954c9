"""Helper processes of the engine tests (Xvfb, Firefox) end with the test run, even a killed one."""

from __future__ import annotations

import ctypes
import os
import select
import signal
import subprocess
import time

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Run in the child before exec (Linux): it gets SIGTERM when pytest dies, however it dies."""
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def stop(process: subprocess.Popen, grace: float = 0) -> None:
    """Give it `grace` seconds to exit by itself, then ask, then force."""
    try:
        process.wait(grace)
        return
    except subprocess.TimeoutExpired:
        process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Xvfb:
    """A virtual X server on a display number it picks itself (-displayfd): each pytest-xdist
    worker gets its own, and os.environ is left alone (only WebKit's driver is told)."""

    def __init__(self, timeout: float = 30):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=die_with_parent)
        os.close(write)
        answer = b""
        deadline = time.monotonic() + timeout
        with os.fdopen(read, "rb", buffering=0) as pipe:  # Xvfb writes "N\n" once it accepts clients
            while not answer.endswith(b"\n"):
                left = deadline - time.monotonic()
                chunk = pipe.read(16) if left > 0 and select.select([pipe], [], [], left)[0] else b""
                if not chunk:
                    stop(self.process)
                    raise RuntimeError("Xvfb did not start")
                answer += chunk
        self.display = ":" + answer.decode().strip()

    def stop(self) -> None:
        stop(self.process)
