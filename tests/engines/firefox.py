"""Firefox through its built-in WebDriver BiDi, with Selenium's BiDi modules.

No geckodriver can be installed offline, and Firefox's Remote Agent speaks BiDi only (no classic
WebDriver), so Selenium's `webdriver.Firefox` cannot be used. Its BiDi modules can: they take any
connection, here one straight to the websocket Firefox opens (docs/decisions.md)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.bidi.browser import Browser
from selenium.webdriver.common.bidi.browsing_context import BrowsingContext
from selenium.webdriver.common.bidi.input import Input
from selenium.webdriver.common.bidi.log import Log
from selenium.webdriver.common.bidi.script import Script
from selenium.webdriver.common.bidi.session import Session
from selenium.webdriver.remote.websocket_connection import WebSocketConnection

from tests.engines.capture import READ_ERRORS
from tests.engines.processes import die_with_parent, stop

BINARY = "/usr/bin/firefox-esr"  # apt: firefox-esr

# A quiet, offline start: nothing is fetched, no first-run pages.
PREFERENCES = {
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.page": 0,
    "datareporting.policy.dataSubmissionEnabled": False,
    "intl.accept_languages": "en-US",  # pages in English: the flows read English sentences
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "toolkit.telemetry.reporting.enabled": False,
    "ui.useOverlayScrollbars": 1,  # as on a phone, a scrollbar takes no width
}


class Firefox:
    """One headless Firefox and one BiDi session; every page gets a user context of its own
    (its own cookies and storage)."""

    def __init__(self, timeout: float):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="engines-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as prefs:
            prefs.writelines(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in PREFERENCES.items())
        self.process = subprocess.Popen(
            [BINARY, "--headless", "--remote-debugging-port=0", "--profile", self.profile, "--no-remote",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=die_with_parent,
            env=dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1"))
        self.connection = WebSocketConnection(self._address() + "/session", timeout, 0.01)
        Session(self.connection).new({"alwaysMatch": {}})
        self.browser = Browser(self.connection)

    def _address(self) -> str:
        """Firefox writes the port it picked into the profile once its Remote Agent listens."""
        written = os.path.join(self.profile, "WebDriverBiDiServer.json")
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with open(written) as file:
                    server = json.load(file)
                return f"ws://{server['ws_host']}:{server['ws_port']}"
            except (OSError, ValueError, KeyError):
                time.sleep(0.05)
        self.close()
        raise RuntimeError("Firefox did not start its WebDriver BiDi server")

    def new_page(self, width: int, height: int) -> FirefoxPage:
        return FirefoxPage(self, self.browser.create_user_context(), width, height)

    def close(self) -> None:
        connection = getattr(self, "connection", None)
        if connection:
            with contextlib.suppress(WebDriverException):
                self.browser.close()
        # Once Firefox has gone, the websocket's thread has ended and closing it is immediate.
        stop(self.process, grace=10 if connection else 0)
        if connection:
            connection.close()
        shutil.rmtree(self.profile, ignore_errors=True)


class FirefoxPage:
    """The page API the flows use, the same for every engine."""

    def __init__(self, firefox: Firefox, user_context: str, width: int, height: int):
        connection = firefox.connection
        self.firefox, self.user_context, self.timeout = firefox, user_context, firefox.timeout
        self.contexts, self.script, self.input = BrowsingContext(connection), Script(connection), Input(connection)
        self.context = self.contexts.create(type="tab", user_context=user_context)
        self.contexts.set_viewport(context=self.context, viewport={"width": width, "height": height})
        # Firefox's own record of console errors and uncaught exceptions, added to the page's.
        self.logged: list[str] = []
        self.log = Log(connection)
        self.listening = self.log.add_event_handler("entry_added", self._logged)

    def _logged(self, entry: dict) -> None:
        if entry.get("level") == "error" and entry.get("source", {}).get("context") == self.context:
            self.logged.append(f"{entry.get('type')}: {entry.get('text')}")

    def goto(self, url: str) -> None:
        self.contexts.navigate(context=self.context, url=url, wait="complete")

    def evaluate(self, expression: str):
        # JSON keeps the answer plain (numbers, strings, lists) without decoding BiDi's values.
        answer = self.script.evaluate(expression=f"JSON.stringify({expression})", target={"context": self.context},
                                      await_promise=True)
        if answer["type"] == "exception":
            raise WebDriverException(answer["exceptionDetails"]["text"])
        value = answer["result"].get("value")
        return None if value is None else json.loads(value)

    def _element(self, selector: str) -> dict:
        deadline = time.monotonic() + self.timeout
        while True:
            found = self.contexts.locate_nodes(context=self.context, locator={"type": "css", "value": selector},
                                               max_node_count=1)
            if found:
                return {"sharedId": found[0]["sharedId"]}
            if time.monotonic() > deadline:
                raise AssertionError(f"no element matches {selector}")
            time.sleep(0.05)

    def _call(self, element: dict, function: str) -> None:
        answer = self.script.call_function(function_declaration=function, this=element, await_promise=True,
                                           target={"context": self.context})
        if answer["type"] == "exception":
            raise WebDriverException(answer["exceptionDetails"]["text"])

    def tap(self, selector: str) -> None:
        """A touch at the element's centre, as a finger taps."""
        element = self._element(selector)
        self._call(element, "function () { this.scrollIntoView({block: 'center'}); }")
        self.input.perform_actions(context=self.context, actions=[{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"},
            "actions": [{"type": "pointerMove", "x": 0, "y": 0, "origin": {"type": "element", "element": element}},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}])
        self.input.release_actions(context=self.context)

    def type(self, selector: str, text: str) -> None:
        self._call(self._element(selector), "function () { this.scrollIntoView({block: 'center'}); this.focus(); }")
        keys = [{"type": kind, "value": key} for key in text for kind in ("keyDown", "keyUp")]
        self.input.perform_actions(context=self.context, actions=[{"type": "key", "id": "keyboard", "actions": keys}])

    def text(self, selector: str) -> str:
        self._element(selector)
        return self.evaluate(f"document.querySelector({json.dumps(selector)}).innerText")

    def wait_for(self, expression: str) -> None:
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                if self.evaluate(f"!!({expression})"):
                    return
            except WebDriverException:  # a navigation swapped documents under the script
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"still false: {expression}")
            time.sleep(0.05)

    def errors(self) -> list[str]:
        return self.logged + self.evaluate(READ_ERRORS)

    def close(self) -> None:
        self.log.remove_event_handler("entry_added", self.listening)
        self.firefox.browser.remove_user_context(user_context=self.user_context)  # closes its tab
