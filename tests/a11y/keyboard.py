"""Tabbing through a page in Chromium as a keyboard user does, and what the focus ring looks like
on each control it reaches."""

from __future__ import annotations

# How a control is named in a failure: a radio group is one stop of Tab, named by its group.
KEY = """const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]";
  const keyOf = (el) => el.type === 'radio' ? `radio group ${el.name}` : `${el.tagName.toLowerCase()} “${
    (el.innerText || el.value || el.getAttribute('aria-label') || el.name || '').trim().slice(0, 40)}” #${
    [...document.querySelectorAll(selector)].indexOf(el)}`;"""

# Every control a keyboard user should reach: shown (a closed <details> hides its inside) and enabled.
MARK_CONTROLS = """() => {
  """ + KEY + """
  const keys = new Set();
  for (const el of document.querySelectorAll(selector)) {
    if (el.disabled || el.getAttribute('tabindex') === '-1') continue;
    if (!el.checkVisibility({visibilityProperty: true}) || el.closest('[inert], [hidden]')) continue;
    keys.add(keyOf(el));
  }
  return [...keys];
}"""

# The focused control's key and its focus ring: drawn at all (outline or box-shadow), and the best
# contrast of its colours against the background around the control.
FOCUSED = """() => {
  """ + KEY + """
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const key = keyOf(el);
  // A hidden input (a big tappable choice) draws its ring on the label text beside it.
  const drawn = getComputedStyle(el).opacity === '0' && el.nextElementSibling ? el.nextElementSibling : el;
  const style = getComputedStyle(drawn);
  const parse = (text) => (text.match(/rgba?\\([^)]*\\)/g) || []).map(c => c.match(/[\\d.]+/g).map(Number));
  const colours = [];
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) colours.push(...parse(style.outlineColor));
  if (style.boxShadow !== 'none') colours.push(...parse(style.boxShadow));
  let behind = [255, 255, 255];
  for (let at = drawn.parentElement; at; at = at.parentElement) {
    const bg = parse(getComputedStyle(at).backgroundColor)[0];
    if (bg && (bg.length < 4 || bg[3] > 0)) { behind = bg; break; }
  }
  const luminance = ([r, g, b]) => [r, g, b].map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const contrast = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const best = Math.max(0, ...colours.filter(c => c.length < 4 || c[3] > 0).map(c => contrast(c, behind)));
  return {key, ring: colours.length > 0, contrast: Math.round(best * 100) / 100};
}"""


def tab_through(page, most: int = 150) -> list[dict]:
    """Press Tab from the top of the page until the focus comes back round; each control reached,
    once, with its ring."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    reached: list[dict] = []
    for _ in range(most):
        page.keyboard.press("Tab")
        found = page.evaluate(FOCUSED)
        if found is None:
            continue
        if reached and found["key"] == reached[0]["key"]:
            break
        if all(found["key"] != seen["key"] for seen in reached):
            reached.append(found)
    return reached


def controls(page) -> list[str]:
    return list(page.evaluate(MARK_CONTROLS))


def tab_to(page, selector: str, most: int = 150) -> None:
    """Press Tab until the control matching `selector` has the focus."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("(selector) => document.activeElement.matches(selector)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")
