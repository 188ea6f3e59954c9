"""WebKit (Safari's engine) through Debian's WebKitWebDriver, which drives the MiniBrowser of
libwebkit2gtk. MiniBrowser has no headless mode: it draws on an Xvfb display."""

from __future__ import annotations

import glob
import os
import subprocess
import warnings

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from tests.engines.capture import READ_ERRORS

DRIVER = "/usr/bin/WebKitWebDriver"  # apt: webkit2gtk-driver


def minibrowser() -> str | None:
    found = glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser")  # apt: libwebkit2gtk-4.1-0, a dependency
    return found[0] if found else None


def start(display: str) -> webdriver.WebKitGTK:
    options = Options()
    options.binary_location = minibrowser()
    # Full screen hides MiniBrowser's toolbar, which keeps a window at least 447 px wide.
    options.add_argument("--automation")
    options.add_argument("--full-screen")
    options.overlay_scrollbars_enabled = True  # as on a phone, a scrollbar takes no width
    # An explicit driver path: Selenium Manager (which would go online) is never asked.
    # Pages in English whatever the machine's locale: the flows read English sentences.
    service = Service(executable_path=DRIVER, log_output=subprocess.DEVNULL,
                      env=dict(os.environ, DISPLAY=display, LANG="en_US.UTF-8", LANGUAGE="en_US"))
    with warnings.catch_warnings():  # Selenium's own WebKitGTK class uses a call it deprecated
        warnings.simplefilter("ignore", DeprecationWarning)
        return webdriver.WebKitGTK(options=options, service=service)


class WebKitPage:
    """The page API the flows use, the same for every engine."""

    def __init__(self, driver: webdriver.WebKitGTK, width: int, height: int, timeout: float):
        self.driver, self.timeout = driver, timeout
        driver.set_window_rect(width=width, height=height)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def evaluate(self, expression: str):
        return self.driver.execute_script(f"return ({expression});")

    def _element(self, selector: str):
        return WebDriverWait(self.driver, self.timeout).until(
            lambda driver: driver.find_element(By.CSS_SELECTOR, selector))

    def tap(self, selector: str) -> None:
        self._element(selector).click()  # scrolled into view, a real click at its centre

    def type(self, selector: str, text: str) -> None:
        self._element(selector).send_keys(text)

    def text(self, selector: str) -> str:
        return self._element(selector).text

    def wait_for(self, expression: str) -> None:
        # A navigation swaps documents under the script: retry until the new one answers.
        WebDriverWait(self.driver, self.timeout, ignored_exceptions=(WebDriverException,)).until(
            lambda driver: driver.execute_script(f"return !!({expression});"))

    def errors(self) -> list[str]:
        return self.evaluate(READ_ERRORS)

    def close(self) -> None:
        """The session is shared by the run's tests: leave nothing behind for the next one."""
        self.driver.execute_script("try { sessionStorage.clear(); localStorage.clear(); } catch (e) {}")
        self.driver.delete_all_cookies()
        self.driver.get("about:blank")
