#!/bin/sh
# Chromium (browser tests), WebKit's driver, Firefox ESR and a virtual X server (the phone
# flows in tests/engines), Java (the Nu HTML Checker in tests/a11y) and PostgreSQL (the
# server database the suite also runs on) come from Debian's packages. Only root can install
# them; others get a hint, and under CI=true the tests that need them fail instead of skipping.
set -e
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$missing postgresql"
command -v pdftoppm >/dev/null 2>&1 || missing="$missing poppler-utils"
[ -x /usr/bin/WebKitWebDriver ] || missing="$missing webkit2gtk-driver"
command -v Xvfb >/dev/null 2>&1 || missing="$missing xvfb"
[ -x /usr/bin/firefox-esr ] || missing="$missing firefox-esr"
command -v java >/dev/null 2>&1 || missing="$missing default-jre-headless"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing system packages:$missing"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
else
    echo "Note: missing system packages:$missing (install them as root: apt-get install$missing)"
fi
