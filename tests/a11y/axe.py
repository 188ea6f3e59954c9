"""axe-core (vendored, tests/vendor/axe-core) run in the page: WCAG 2.0 and 2.1, levels A and AA."""

from __future__ import annotations

from pathlib import Path

AXE = (Path(__file__).resolve().parents[1] / "vendor" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
RUN = """(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}}).then(result =>
  result.violations.flatMap(rule => rule.nodes.map(node =>
    `${rule.id} (${rule.impact}): ${node.target.join(' ')} — `
    + node.failureSummary.split('\\n').slice(1).join(' '))))"""


def violations(page) -> list[str]:
    """Every violation as "rule (impact): selector — message", one line per element."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE)  # evaluated by the browser's debugger, so the page's CSP does not apply
    found = page.evaluate(RUN, TAGS)
    return list(found)
